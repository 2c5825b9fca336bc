/**
 * The channel type → models map of GET /api/models, cached locally (docs/reference/console-api.md "Options": "cached locally")
 * under `channel_models`, so that the form can fill a type's models before the server answers.
 */
export const MODELS_CACHE_STORAGE_KEY = 'channel_models';

export type ModelsByType = Record<string, string[]>;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** A stored map whose values are lists of names; anything else reads as empty. */
export function parseModelsByType(stored: string | null): ModelsByType {
  if (!stored) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const models: ModelsByType = {};
  for (const [type, list] of Object.entries(parsed)) {
    if (Array.isArray(list)) models[type] = list.filter((name): name is string => typeof name === 'string');
  }
  return models;
}

export function readCachedModelsByType(
  storage: StorageLike | undefined = globalThis.localStorage,
): ModelsByType {
  return parseModelsByType(storage?.getItem(MODELS_CACHE_STORAGE_KEY) ?? null);
}

export function storeModelsByType(
  models: ModelsByType,
  storage: StorageLike | undefined = globalThis.localStorage,
): void {
  storage?.setItem(MODELS_CACHE_STORAGE_KEY, JSON.stringify(models));
}

/** The models related to a channel type ('fill related models'). */
export function relatedModels(models: ModelsByType, type: number): string[] {
  return [...(models[String(type)] ?? [])];
}
