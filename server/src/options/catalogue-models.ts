/**
 * The options of the model catalogue and price sync, in new-api's names, written with ./definitions.ts; ./catalogue.ts lists them
 * with every other option (docs/model-catalogue.md).
 */
import { flag, json, type OptionDefinition } from './definitions.ts';
import { jsonShapes } from './json-shapes.ts';

export const CATALOGUE_MODEL_OPTIONS: OptionDefinition[] = [
  // new-api: GET /api/ratio_config answers the pricing options to anyone while this is on (another
  // gateway's price sync reads it).
  flag('ExposeRatioEnabled', false),
  // Price sources the operator saved for the price sync: full addresses of another gateway's
  // /api/pricing or /api/ratio_config, OpenRouter's /api/v1/models or models.dev's /api.json.
  json('PriceSyncSources', [], jsonShapes.stringList),
];
