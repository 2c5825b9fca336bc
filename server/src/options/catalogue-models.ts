/**
 * The options of the model catalogue and price sync, in new-api's names, written with ./definitions.ts; ./catalogue.ts lists them
 * with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const CATALOGUE_MODEL_OPTIONS: OptionDefinition[] = [];
