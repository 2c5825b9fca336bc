/**
 * Row keys of the channel table and the checks of the batch actions (docs/reference/console-validation.md "Batch tag", "Batch
 * delete"): a tag row's key is `tag:<tag>`, a channel's its id; batch actions act on channel ids only.
 */
import { type ChannelListItem, isTagRow } from '../../api/channels.ts';

export const TAG_ROW_KEY_PREFIX = 'tag:';

export function rowKey(item: ChannelListItem): string | number {
  return isTagRow(item) ? `${TAG_ROW_KEY_PREFIX}${item.tag}` : item.id;
}

/** The channel ids among selected row keys (tag rows are dropped), without repeats. */
export function selectedChannelIds(keys: readonly (string | number | bigint)[]): number[] {
  const ids = keys
    .map((key) =>
      typeof key === 'number' ? key : typeof key === 'string' && /^\d+$/.test(key) ? Number(key) : NaN,
    )
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  return [...new Set(ids)];
}

export type BatchAction = 'delete' | 'tag' | 'enable' | 'disable';

const emptySelectionErrors: Record<BatchAction, string> = {
  delete: 'channels.batch.selectToDelete',
  tag: 'channels.batch.selectToTag',
  enable: 'channels.batch.selectToChange',
  disable: 'channels.batch.selectToChange',
};

/** The i18n key of the refusal when nothing is selected, else null. */
export function checkSelection(ids: readonly number[], action: BatchAction): string | null {
  return ids.length === 0 ? emptySelectionErrors[action] : null;
}

export type BatchTagCheck = { ok: true; tag: string } | { ok: false; error: string };

/** Batch tag needs selected channels and a non-blank tag. */
export function checkBatchTag(ids: readonly number[], tag: string): BatchTagCheck {
  const selectionError = checkSelection(ids, 'tag');
  if (selectionError) return { ok: false, error: selectionError };
  const trimmed = tag.trim();
  if (trimmed === '') return { ok: false, error: 'channels.batch.tagEmpty' };
  return { ok: true, tag: trimmed };
}
