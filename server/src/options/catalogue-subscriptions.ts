/**
 * The options of subscription plans and users' subscriptions, in new-api's tables (docs/subscriptions.md); ./catalogue.ts lists them with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const SUBSCRIPTION_OPTIONS: OptionDefinition[] = [];
