/** The playground's left panel: defaults and the rules of its inputs (docs/reference/console-validation.md "Playground", docs/reference/console-constants.md). */

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const DEFAULT_GROUP = 'default';
export const TEMPERATURE = { min: 0.1, max: 1, step: 0.1, initial: 0.7 } as const;
/** 0 leaves the completion limit to the server. */
export const DEFAULT_MAX_TOKENS = 0;

/** The model to select: the current one while offered, else gpt-4o-mini when offered, else the first. */
export function pickModel(models: readonly string[], current: string): string {
  if (models.length === 0 || models.includes(current)) return current;
  if (models.includes(DEFAULT_MODEL)) return DEFAULT_MODEL;
  return models[0] ?? current;
}

/**
 * The group to select: the current one while offered, else 'default', else the user's own group,
 * else the first offered group. Before the groups load, the current choice stays.
 */
export function pickGroup(groups: readonly string[], current: string, userGroup = ''): string {
  if (groups.length === 0 || groups.includes(current)) return current;
  if (groups.includes(DEFAULT_GROUP)) return DEFAULT_GROUP;
  if (userGroup && groups.includes(userGroup)) return userGroup;
  return groups[0] ?? current;
}

/** max_tokens is sent as a whole number of at least 0; anything unreadable is 0. */
export function normalizeMaxTokens(value: number | string | null | undefined): number {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number) || number <= 0) return 0;
  return Math.floor(number);
}

/** Temperature between 0.1 and 1 in steps of 0.1. */
export function normalizeTemperature(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return TEMPERATURE.initial;
  const clamped = Math.min(TEMPERATURE.max, Math.max(TEMPERATURE.min, value));
  return Math.round(clamped * 10) / 10;
}
