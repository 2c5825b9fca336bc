/**
 * The options of tiered, tool and expression pricing (docs/reference/pricing-tiers.md); ./catalogue.ts lists
 * them with every other option.
 */
import type { OptionDefinition } from './definitions.ts';

export const PRICING_TIER_OPTIONS: OptionDefinition[] = [];
