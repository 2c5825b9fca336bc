/** TanStack Query hooks of the redemption-code page. */
import { useTranslation } from 'react-i18next';
import {
  type CreateRedemptionsPayload,
  createRedemptions,
  deleteInvalidRedemptions,
  deleteRedemption,
  fetchRedemption,
  fetchRedemptions,
  type RedemptionListQuery,
  type RedemptionView,
  type UpdateRedemptionPayload,
  updateRedemption,
  updateRedemptionStatus,
} from '../../api/redemptions.ts';
import { useListMutation } from '../../components/use-list-mutation.ts';
import { usePageQuery, useReplyQuery } from '../../components/use-reply-query.ts';
import { toggledStatus } from './redemption-display.ts';

export const redemptionQueryKeys = {
  lists: ['redemptions', 'list'] as const,
  list: (query: RedemptionListQuery) => ['redemptions', 'list', query] as const,
  detail: (id: number) => ['redemptions', 'detail', id] as const,
};

export function useRedemptionList(query: RedemptionListQuery) {
  return usePageQuery(redemptionQueryKeys.list(query), () => fetchRedemptions(query));
}

export function useRedemptionDetail(id: number | null) {
  return useReplyQuery({
    queryKey: redemptionQueryKeys.detail(id ?? 0),
    fetch: () => fetchRedemption(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

/** The row switch: a status-only update (1 ↔ 2); the server refuses to change a used code. */
export function useToggleRedemptionStatus() {
  const { t } = useTranslation();
  return useListMutation({
    call: (redemption: RedemptionView) =>
      updateRedemptionStatus(redemption.id, toggledStatus(redemption.status)),
    success: () => t('redemptions.actions.statusUpdated'),
    lists: redemptionQueryKeys.lists,
    replacesRow: true,
  });
}

export function useDeleteRedemption() {
  const { t } = useTranslation();
  return useListMutation({
    call: deleteRedemption,
    success: () => t('redemptions.actions.deleted'),
    lists: redemptionQueryKeys.lists,
    reloads: true,
  });
}

export function useDeleteInvalidRedemptions() {
  const { t } = useTranslation();
  return useListMutation({
    call: () => deleteInvalidRedemptions(),
    success: (count) => t('redemptions.deleteInvalid.success', { count }),
    lists: redemptionQueryKeys.lists,
    reloads: true,
  });
}

/** Creates a batch in one call; resolves to the new keys (the caller shows them). */
export function useCreateRedemptions() {
  const { t } = useTranslation();
  return useListMutation({
    call: async (payload: CreateRedemptionsPayload) => {
      const reply = await createRedemptions(payload);
      return { ...reply, data: reply.data ?? [] };
    },
    success: (keys) => t('redemptions.create.success', { count: keys.length }),
    lists: redemptionQueryKeys.lists,
    reloads: true,
  });
}

export function useUpdateRedemption() {
  const { t } = useTranslation();
  return useListMutation({
    call: ({ id, payload }: { id: number; payload: UpdateRedemptionPayload }) =>
      updateRedemption(id, payload),
    success: () => t('redemptions.edit.success'),
    lists: redemptionQueryKeys.lists,
    replacesRow: true,
    reloads: true,
  });
}
