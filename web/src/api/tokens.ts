/**
 * Typed calls of the tokens API (docs/reference/console-api.md "Tokens"). Every call resolves to the server's
 * {success, message, data} reply; HTTP failures are thrown by the shared client as ApiError.
 */
import type { Page } from '../../../common/api/reply.ts';
import type { TokenPayload, TokenStatusPayload, TokenView } from '../../../common/api/tokens.ts';
import type { TokenStatus } from '../../../common/statuses.ts';
import { http } from './client.ts';

export type { TokenPayload, TokenView };

export interface TokenListQuery {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** Matches the token name. */
  keyword: string;
  /** Matches the key (with or without the sk- prefix). */
  token: string;
}

type ToggleStatus = typeof TokenStatus.enabled | typeof TokenStatus.disabled;

/** The paged list, or the search endpoint when a name or key filter is given. */
export function fetchTokens(query: TokenListQuery) {
  const keyword = query.keyword.trim();
  const token = query.token.trim();
  const paging = { p: query.page, size: query.pageSize };
  if (keyword === '' && token === '') return http.get<Page<TokenView>>('/api/token/', paging);
  return http.get<Page<TokenView>>('/api/token/search', { keyword, token, ...paging });
}

/** The newest `size` tokens (p=0 is the first page); the chat pages look for an enabled key in them. */
export function fetchNewestTokens(size: number) {
  return http.get<Page<TokenView>>('/api/token/', { p: 0, size });
}

export function fetchToken(id: number) {
  return http.get<TokenView>(`/api/token/${id}`);
}

export function createToken(payload: TokenPayload) {
  return http.post<TokenView>('/api/token/', payload);
}

export function updateToken(id: number, payload: TokenPayload) {
  return http.put<TokenView>('/api/token/', { id, ...payload } satisfies TokenPayload & { id: number });
}

/** Enables or disables a token without touching its other fields. */
export function updateTokenStatus(id: number, status: ToggleStatus) {
  return http.put<TokenView>('/api/token/', { id, status } satisfies TokenStatusPayload, {
    status_only: true,
  });
}

export function deleteToken(id: number) {
  return http.del<unknown>(`/api/token/${id}/`);
}

/** The models the caller may use, offered by the token form's model allow-list. */
export function fetchUsableModels() {
  return http.get<string[]>('/api/user/models');
}
