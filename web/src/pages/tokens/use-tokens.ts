/** TanStack Query hooks of the token page. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Page } from '../../../../common/api-types.ts';
import {
  createToken,
  deleteToken,
  fetchToken,
  fetchTokens,
  fetchUsableModels,
  type TokenListQuery,
  type TokenPayload,
  type TokenView,
  updateToken,
  updateTokenStatus,
} from '../../api/tokens.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { ensureSuccess, reportFailure, unwrapReply, useReportedError } from '../users/reply-data.ts';
import { createTokensInSequence, type OutcomeReport, outcomeReport } from './create-tokens.ts';
import { toggledStatus } from './token-display.ts';

export const tokenQueryKeys = {
  all: ['tokens'] as const,
  lists: ['tokens', 'list'] as const,
  list: (query: TokenListQuery) => ['tokens', 'list', query] as const,
  detail: (id: number) => ['tokens', 'detail', id] as const,
  usableModels: ['user', 'models'] as const,
};

export function useTokenList(query: TokenListQuery) {
  const result = useQuery({
    queryKey: tokenQueryKeys.list(query),
    queryFn: async (): Promise<Page<TokenView>> => unwrapReply(await fetchTokens(query)),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

export function useTokenDetail(id: number | null) {
  const result = useQuery({
    queryKey: tokenQueryKeys.detail(id ?? 0),
    queryFn: async () => unwrapReply(await fetchToken(id ?? 0)),
    enabled: id !== null && id > 0,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** The models a token may be limited to; loaded when the form is open. */
export function useUsableModels(enabled: boolean) {
  const result = useQuery({
    queryKey: tokenQueryKeys.usableModels,
    queryFn: async () => unwrapReply(await fetchUsableModels()) ?? [],
    enabled,
    staleTime: 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** Puts a token returned by the server into every cached list page that shows it. */
function useReplaceTokenInLists() {
  const queryClient = useQueryClient();
  return (token: TokenView) =>
    queryClient.setQueriesData<Page<TokenView>>({ queryKey: tokenQueryKeys.lists }, (page) =>
      page ? { ...page, items: page.items.map((item) => (item.id === token.id ? token : item)) } : page,
    );
}

/** The row switch: a status-only update (1 ↔ 2); the server refuses to enable expired or used-up tokens. */
export function useToggleTokenStatus() {
  const { t } = useTranslation();
  const replaceInLists = useReplaceTokenInLists();
  return useMutation({
    mutationFn: async (token: TokenView) =>
      unwrapReply(await updateTokenStatus(token.id, toggledStatus(token.status))),
    onSuccess: (token) => {
      replaceInLists(token);
      showSuccess(t('tokens.actions.statusUpdated'));
    },
    onError: reportFailure,
  });
}

export function useDeleteToken() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => ensureSuccess(await deleteToken(id)),
    onSuccess: async () => {
      showSuccess(t('tokens.actions.deleted'));
      await queryClient.invalidateQueries({ queryKey: tokenQueryKeys.lists });
    },
    onError: reportFailure,
  });
}

export function useUpdateToken() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const replaceInLists = useReplaceTokenInLists();
  return useMutation({
    mutationFn: async ({ id, payload }: { id: number; payload: TokenPayload }) =>
      unwrapReply(await updateToken(id, payload)),
    onSuccess: async (token) => {
      replaceInLists(token);
      showSuccess(t('tokens.edit.success'));
      await queryClient.invalidateQueries({ queryKey: tokenQueryKeys.lists });
    },
    onError: reportFailure,
  });
}

export interface CreateTokensRequest {
  payload: TokenPayload;
  /** One name per token to create. */
  names: string[];
}

/**
 * Creates the tokens one POST at a time. Full success is toasted here; the caller presents the other
 * outcomes (a partial failure deserves more than a passing toast).
 */
export function useCreateTokens() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ payload, names }: CreateTokensRequest): Promise<OutcomeReport> => {
      const outcome = await createTokensInSequence(payload, names, createToken);
      if (outcome.created > 0) await queryClient.invalidateQueries({ queryKey: tokenQueryKeys.lists });
      const report = outcomeReport(outcome);
      if (report.level === 'success') showSuccess(t(report.key, report.values));
      else if (report.level === 'error' && !report.alreadyShown) showError(report.reason);
      return report;
    },
  });
}
