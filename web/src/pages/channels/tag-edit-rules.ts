/**
 * Rules of the tag edit dialog (docs/reference/console-validation.md "Tag edit"): empty fields mean unchanged; an empty new tag
 * removes the tag from its channels; no change at all gives 'no modification'; the model mapping must
 * be valid JSON, the header override a JSON object (checked as in the channel form); priority an integer
 * and weight a non-negative integer.
 */
import type { TagEditPayload } from '../../api/channels.ts';
import { isJsonOrEmpty, jsonObjectFieldError } from './channel-form-rules.ts';

export interface TagEditValues {
  new_tag: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  priority: number | string | null;
  weight: number | string | null;
  header_override: string;
}

/** The dialog opens with the current tag as the new tag and every other field empty (unchanged). */
export function initialTagEditValues(tag: string): TagEditValues {
  return {
    new_tag: tag,
    models: [],
    groups: [],
    model_mapping: '',
    priority: null,
    weight: null,
    header_override: '',
  };
}

export type TagEditCheck =
  | {
      ok: true;
      payload: TagEditPayload;
      /** The new tag is empty: the channels lose their tag. */
      dissolves: boolean;
    }
  | { ok: false; error: string; noChange: boolean };

/** An integer from a number or integer text; undefined when empty, null when not an integer. */
function readInteger(value: number | string | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : null;
}

function cleaned(list: readonly string[] | undefined): string[] {
  return [...new Set((list ?? []).map((entry) => entry.trim()).filter(Boolean))];
}

export function prepareTagEdit(tag: string, values: TagEditValues): TagEditCheck {
  const payload: TagEditPayload = { tag };
  const newTag = (values.new_tag ?? '').trim();
  if (newTag !== tag) payload.new_tag = newTag;
  const models = cleaned(values.models);
  if (models.length > 0) payload.models = models.join(',');
  const groups = cleaned(values.groups);
  if (groups.length > 0) payload.groups = groups;
  const mapping = (values.model_mapping ?? '').trim();
  if (mapping !== '') {
    if (!isJsonOrEmpty(mapping)) {
      return { ok: false, error: 'channels.validation.modelMappingJson', noChange: false };
    }
    payload.model_mapping = mapping;
  }
  const priority = readInteger(values.priority);
  if (priority === null) return { ok: false, error: 'channels.tagEdit.priorityInteger', noChange: false };
  if (priority !== undefined) payload.priority = priority;
  const weight = readInteger(values.weight);
  if (weight === null || (weight !== undefined && weight < 0)) {
    return { ok: false, error: 'channels.tagEdit.weightInvalid', noChange: false };
  }
  if (weight !== undefined) payload.weight = weight;
  const headerOverride = (values.header_override ?? '').trim();
  if (headerOverride !== '') {
    const error = jsonObjectFieldError('header_override', headerOverride);
    if (error !== null) return { ok: false, error, noChange: false };
    payload.header_override = headerOverride;
  }
  if (Object.keys(payload).length === 1) {
    return { ok: false, error: 'channels.tagEdit.noChange', noChange: true };
  }
  return { ok: true, payload, dissolves: payload.new_tag === '' };
}
