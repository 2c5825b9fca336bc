/**
 * The options of channel affinity, in new-api's names (its setting/operation_setting
 * channel_affinity_setting.go, stored as `channel_affinity_setting.*` rows); ./catalogue.ts lists them with
 * every other option. docs/reference/routing.md says what each does.
 */
import type { OptionDefinition } from './definitions.ts';

export const AFFINITY_OPTIONS: OptionDefinition[] = [];
