/**
 * The options of daily check-in rewards, in new-api's `checkins` table (docs/subscriptions.md "Check-in"); ./catalogue.ts lists them with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const CHECKIN_OPTIONS: OptionDefinition[] = [];
