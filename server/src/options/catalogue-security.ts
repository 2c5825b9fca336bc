/**
 * The options of two-factor sign-in and passkeys, in new-api's names, written with ./definitions.ts; ./catalogue.ts lists them
 * with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const SECURITY_OPTIONS: OptionDefinition[] = [];
