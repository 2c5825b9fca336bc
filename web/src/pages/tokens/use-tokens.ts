/** TanStack Query hooks of the token page. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
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
import { useListMutation } from '../../components/use-list-mutation.ts';
import { usePageQuery, useReplyQuery } from '../../components/use-reply-query.ts';
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
  return usePageQuery(tokenQueryKeys.list(query), () => fetchTokens(query));
}

export function useTokenDetail(id: number | null) {
  return useReplyQuery({
    queryKey: tokenQueryKeys.detail(id ?? 0),
    fetch: () => fetchToken(id ?? 0),
    enabled: id !== null && id > 0,
  });
}

/** The models a token may be limited to; loaded when the form is open. */
export function useUsableModels(enabled: boolean) {
  return useReplyQuery({
    queryKey: tokenQueryKeys.usableModels,
    fetch: fetchUsableModels,
    enabled,
    staleTime: 60_000,
    fallback: [],
  });
}

/** The row switch: a status-only update (1 ↔ 2); the server refuses to enable expired or used-up tokens. */
export function useToggleTokenStatus() {
  const { t } = useTranslation();
  return useListMutation({
    call: (token: TokenView) => updateTokenStatus(token.id, toggledStatus(token.status)),
    success: () => t('tokens.actions.statusUpdated'),
    lists: tokenQueryKeys.lists,
    replacesRow: true,
  });
}

export function useDeleteToken() {
  const { t } = useTranslation();
  return useListMutation({
    call: deleteToken,
    success: () => t('tokens.actions.deleted'),
    lists: tokenQueryKeys.lists,
    reloads: true,
  });
}

export function useUpdateToken() {
  const { t } = useTranslation();
  return useListMutation({
    call: ({ id, payload }: { id: number; payload: TokenPayload }) => updateToken(id, payload),
    success: () => t('tokens.edit.success'),
    lists: tokenQueryKeys.lists,
    replacesRow: true,
    reloads: true,
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
