/**
 * The options of traffic control (docs/limits.md, docs/reference/routing.md): limits per group and per model
 * in a group, fallback chains, the retry policy per error class and the bounded wait for a busy channel,
 * stored as `traffic_setting.*` rows; ./catalogue.ts lists them with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const TRAFFIC_OPTIONS: OptionDefinition[] = [];
