/**
 * The options of the security audit log of administrative actions (docs/audit.md); ./catalogue.ts lists them with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const AUDIT_OPTIONS: OptionDefinition[] = [];
