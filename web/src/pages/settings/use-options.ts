/**
 * Loading the options and saving a section: one PUT per changed key, then one summary message (docs/reference/console-states.md, docs/reference/console-errors.md),
 * a reload of the options and a refresh of the public status.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { showError, showSuccess, showWarning } from '../../components/feedback.ts';
import { useStatusState } from '../../components/status.tsx';
import { type OptionChange, type SaveResult, saveOutcome, toOptionMap } from './option-values.ts';
import { fetchOptions, updateOption } from './settings-api.ts';

export const OPTIONS_QUERY_KEY = ['settings', 'options'] as const;

export function useOptions(enabled: boolean) {
  const { t } = useTranslation();
  return useQuery({
    queryKey: OPTIONS_QUERY_KEY,
    enabled,
    refetchOnWindowFocus: false,
    queryFn: async () => {
      let reply: Awaited<ReturnType<typeof fetchOptions>>;
      try {
        reply = await fetchOptions();
      } catch (error) {
        if (!(error instanceof ApiError)) showError(t('settings.save.refreshFailed'));
        throw error;
      }
      if (!reply.success || !Array.isArray(reply.data)) {
        showError(reply.message || t('settings.save.refreshFailed'));
        throw new Error(reply.message || t('settings.save.refreshFailed'));
      }
      return toOptionMap(reply.data);
    },
  });
}

async function saveOne(change: OptionChange): Promise<SaveResult> {
  try {
    const reply = await updateOption(change.key, change.value);
    if (reply.success) return { key: change.key, ok: true };
    return { key: change.key, ok: false, message: reply.message || null };
  } catch (error) {
    // HTTP failures were already shown by the client; they count as calls that returned nothing usable.
    return { key: change.key, ok: false, message: error instanceof ApiError ? null : String(error) };
  }
}

/** Returns `save(changes)`: resolves to true when every key was saved. */
export function useSaveOptions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { refresh } = useStatusState();

  return useCallback(
    async (changes: readonly OptionChange[]): Promise<boolean> => {
      if (changes.length === 0) {
        showWarning(t('settings.save.nothingChanged'));
        return false;
      }
      // In order: an enable-switch goes after the values it needs (see changedOptions).
      const results: SaveResult[] = [];
      for (const change of changes) results.push(await saveOne(change));
      for (const result of results) if (!result.ok && result.message) showError(result.message);
      const outcome = saveOutcome(results);
      if (outcome === 'saved') showSuccess(t('settings.save.saved'));
      else if (outcome === 'partly-saved') showError(t('settings.save.partlyFailed'));
      else if (outcome === 'partly-unanswered') showError(t('settings.save.partlyUnanswered'));
      else if (outcome === 'failed') showError(t('settings.save.failed'));
      await queryClient.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY });
      await refresh();
      return outcome === 'saved';
    },
    [t, queryClient, refresh],
  );
}
