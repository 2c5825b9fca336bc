/** TanStack Query hooks of the redemption-code page. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../common/api-types.ts';
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
import { showSuccess } from '../../components/feedback.ts';
import { ensureSuccess, reportFailure, unwrapReply, useReportedError } from '../users/reply-data.ts';
import { toggledStatus } from './redemption-display.ts';

export const redemptionQueryKeys = {
  lists: ['redemptions', 'list'] as const,
  list: (query: RedemptionListQuery) => ['redemptions', 'list', query] as const,
  detail: (id: number) => ['redemptions', 'detail', id] as const,
};

export function useRedemptionList(query: RedemptionListQuery) {
  const result = useQuery({
    queryKey: redemptionQueryKeys.list(query),
    queryFn: async (): Promise<Page<RedemptionView>> => unwrapReply(await fetchRedemptions(query)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useRedemptionDetail(id: number | null) {
  const result = useQuery({
    queryKey: redemptionQueryKeys.detail(id ?? 0),
    queryFn: async () => unwrapReply(await fetchRedemption(id ?? 0)),
    enabled: id !== null && id > 0,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Puts a code returned by the server into every cached list page that shows it. */
function useReplaceInLists() {
  const queryClient = useQueryClient();
  return (redemption: RedemptionView) =>
    queryClient.setQueriesData<Page<RedemptionView>>({ queryKey: redemptionQueryKeys.lists }, (page) =>
      page
        ? { ...page, items: page.items.map((item) => (item.id === redemption.id ? redemption : item)) }
        : page,
    );
}

/** The row switch: a status-only update (1 ↔ 2); the server refuses to change a used code. */
export function useToggleRedemptionStatus() {
  const { t } = useTranslation();
  const replaceInLists = useReplaceInLists();
  return useMutation({
    mutationFn: async (redemption: RedemptionView) =>
      unwrapReply(await updateRedemptionStatus(redemption.id, toggledStatus(redemption.status))),
    onSuccess: (redemption) => {
      replaceInLists(redemption);
      showSuccess(t('redemptions.actions.statusUpdated'));
    },
    onError: reportFailure,
  });
}

export function useDeleteRedemption() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => ensureSuccess(await deleteRedemption(id)),
    onSuccess: async () => {
      showSuccess(t('redemptions.actions.deleted'));
      await queryClient.invalidateQueries({ queryKey: redemptionQueryKeys.lists });
    },
    onError: reportFailure,
  });
}

export function useDeleteInvalidRedemptions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrapReply(await deleteInvalidRedemptions()),
    onSuccess: async (count) => {
      showSuccess(t('redemptions.deleteInvalid.success', { count }));
      await queryClient.invalidateQueries({ queryKey: redemptionQueryKeys.lists });
    },
    onError: reportFailure,
  });
}

/** Creates a batch in one call; resolves to the new keys (the caller shows them). */
export function useCreateRedemptions() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: CreateRedemptionsPayload) =>
      unwrapReply(await createRedemptions(payload)) ?? [],
    onSuccess: async (keys) => {
      showSuccess(t('redemptions.create.success', { count: keys.length }));
      await queryClient.invalidateQueries({ queryKey: redemptionQueryKeys.lists });
    },
    onError: reportFailure,
  });
}

export function useUpdateRedemption() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const replaceInLists = useReplaceInLists();
  return useMutation({
    mutationFn: async ({ id, payload }: { id: number; payload: UpdateRedemptionPayload }) =>
      unwrapReply(await updateRedemption(id, payload)),
    onSuccess: async (redemption) => {
      replaceInLists(redemption);
      showSuccess(t('redemptions.edit.success'));
      await queryClient.invalidateQueries({ queryKey: redemptionQueryKeys.lists });
    },
    onError: reportFailure,
  });
}
