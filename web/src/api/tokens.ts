/**
 * Typed calls of the tokens API (spec §7 "Tokens"). Every call resolves to the server's
 * {success, message, data} reply; HTTP failures are thrown by the shared client as ApiError.
 */
import type { Page } from '../../../common/api-types.ts';
import type { TokenStatus } from '../../../common/statuses.ts';
import { http } from './client.ts';

/** A token as the console sees it; `key` is stored and sent without its `sk-` prefix. */
export interface TokenView {
  id: number;
  user_id: number;
  key: string;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  /** Unix seconds, or -1 for "never expires". */
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  /** Comma-separated model names. */
  model_limits: string;
  /** One IP address or CIDR per line; empty allows every address. */
  allow_ips: string;
  used_quota: number;
  /** Empty means the owner's own group. */
  group: string;
}

/** The fields of the create and edit forms. */
export interface TokenPayload {
  name: string;
  remain_quota: number;
  expired_time: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
}

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
  return http.put<TokenView>('/api/token/', { id, ...payload });
}

/** Enables or disables a token without touching its other fields. */
export function updateTokenStatus(id: number, status: ToggleStatus) {
  return http.put<TokenView>('/api/token/', { id, status }, { status_only: true });
}

export function deleteToken(id: number) {
  return http.del<unknown>(`/api/token/${id}/`);
}

/** The models the caller may use, offered by the token form's model allow-list. */
export function fetchUsableModels() {
  return http.get<string[]>('/api/user/models');
}
