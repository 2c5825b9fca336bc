/**
 * Validation of a channel's JSON settings (docs/reference/routing.md): model mapping (an object of model → model,
 * followed as a chain, cycles rejected), status-code mapping, param override and setting objects.
 */
import type { MessageKey, MessageParams } from './messages.ts';

export type Refusal = { ok: false; code: MessageKey; params?: MessageParams };
export type MappingCheck = { ok: true; value: Record<string, string> } | Refusal;

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Empty text means "no mapping". */
export function checkModelMapping(text: string): MappingCheck {
  if (text.trim() === '') return { ok: true, value: {} };
  const parsed = parseObject(text);
  if (!parsed) return { ok: false, code: 'channel.model_mapping_invalid' };
  const mapping: Record<string, string> = {};
  for (const [from, to] of Object.entries(parsed)) {
    if (typeof to !== 'string' || to.trim() === '') {
      return { ok: false, code: 'channel.model_mapping_target', params: { model: from } };
    }
    mapping[from] = to;
  }
  for (const start of Object.keys(mapping)) {
    const seen = [start];
    let current = start;
    while (Object.hasOwn(mapping, current) && mapping[current] !== current) {
      current = mapping[current]!;
      if (seen.includes(current)) {
        return {
          ok: false,
          code: 'channel.model_mapping_cycle',
          params: { chain: [...seen, current].join(' → ') },
        };
      }
      seen.push(current);
    }
  }
  return { ok: true, value: mapping };
}

/** Follows the mapping chain from the requested model to the upstream model. */
export function resolveMappedModel(mapping: Readonly<Record<string, string>>, model: string): string {
  let current = model;
  for (
    let hops = 0;
    hops < 32 && Object.hasOwn(mapping, current) && mapping[current] !== current;
    hops += 1
  ) {
    current = mapping[current]!;
  }
  return current;
}

export function checkStatusCodeMapping(text: string): MappingCheck {
  if (text.trim() === '') return { ok: true, value: {} };
  const parsed = parseObject(text);
  if (!parsed) return { ok: false, code: 'channel.status_code_mapping_invalid' };
  const mapping: Record<string, string> = {};
  for (const [from, to] of Object.entries(parsed)) {
    const target = String(to);
    if (!/^[1-5]\d\d$/.test(from) || !/^[1-5]\d\d$/.test(target)) {
      return { ok: false, code: 'channel.status_code_mapping_invalid' };
    }
    mapping[from] = target;
  }
  return { ok: true, value: mapping };
}

/** param_override and setting: a JSON object or empty. */
export function checkJsonObject(
  text: string,
  field: string,
): { ok: true; value: Record<string, unknown> } | Refusal {
  if (text.trim() === '') return { ok: true, value: {} };
  const parsed = parseObject(text);
  return parsed
    ? { ok: true, value: parsed }
    : { ok: false, code: 'channel.json_object_invalid', params: { field } };
}

/** Splits a comma list, trims, drops empty parts and duplicates, keeps order. */
export function splitList(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  for (const part of (text ?? '').split(',')) {
    const trimmed = part.trim();
    if (trimmed) seen.add(trimmed);
  }
  return [...seen];
}
