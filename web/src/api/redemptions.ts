/**
 * Typed calls of the redemption-code API (docs/reference/console-api.md "Redemptions"), used by administrators. Every call
 * resolves to the server's {success, message, data} reply; HTTP failures are thrown by the shared
 * client as ApiError.
 */
import type {
  CreateRedemptionsPayload,
  RedemptionStatusPayload,
  RedemptionView,
  UpdateRedemptionPayload,
} from '../../../common/api/redemptions.ts';
import type { Page } from '../../../common/api/reply.ts';
import type { RedemptionStatus } from '../../../common/statuses.ts';
import { http } from './client.ts';

export type { CreateRedemptionsPayload, RedemptionView, UpdateRedemptionPayload };

export interface RedemptionListQuery {
  /** 1-based page number. */
  page: number;
  pageSize: number;
  /** Matches the name, or the id when it is a number. */
  keyword: string;
}

export type RedemptionToggleStatus = typeof RedemptionStatus.unused | typeof RedemptionStatus.disabled;

/** The paged list, or the search endpoint when a keyword is given. */
export function fetchRedemptions(query: RedemptionListQuery) {
  const keyword = query.keyword.trim();
  const paging = { p: query.page, page_size: query.pageSize };
  if (keyword === '') return http.get<Page<RedemptionView>>('/api/redemption/', paging);
  return http.get<Page<RedemptionView>>('/api/redemption/search', { keyword, ...paging });
}

export function fetchRedemption(id: number) {
  return http.get<RedemptionView>(`/api/redemption/${id}`);
}

/** Resolves to the keys of the created codes. */
export function createRedemptions(payload: CreateRedemptionsPayload) {
  return http.post<string[]>('/api/redemption/', payload);
}

export function updateRedemption(id: number, payload: UpdateRedemptionPayload) {
  return http.put<RedemptionView>('/api/redemption/', { id, ...payload });
}

/** Enables (unused) or disables a code without touching its other fields. */
export function updateRedemptionStatus(id: number, status: RedemptionToggleStatus) {
  return http.put<RedemptionView>('/api/redemption/', { id, status } satisfies RedemptionStatusPayload, {
    status_only: true,
  });
}

export function deleteRedemption(id: number) {
  return http.del<unknown>(`/api/redemption/${id}/`);
}

/** Deletes every used, disabled or expired code; resolves to how many were deleted. */
export function deleteInvalidRedemptions() {
  return http.del<number>('/api/redemption/invalid');
}
