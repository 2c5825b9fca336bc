/**
 * The options of Stripe and Creem payments, in new-api's names, written with ./definitions.ts; ./catalogue.ts lists them
 * with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const PAYMENT_OPTIONS: OptionDefinition[] = [];
