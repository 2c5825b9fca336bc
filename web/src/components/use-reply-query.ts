/**
 * Queries of the console's {success, message, data} replies: the data, or the failure shown once
 * (use-reported-error.ts). Paged lists keep the previous page on screen while the next one loads.
 */
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { ApiReply, Page } from '../../../common/api-types.ts';
import { unwrapReply } from '../api/client.ts';
import { useReportedError } from './use-reported-error.ts';

export interface ReplyQueryOptions<T> {
  queryKey: QueryKey;
  fetch: () => Promise<ApiReply<T>>;
  enabled?: boolean;
  staleTime?: number;
  /** How long the data stays cached once unused; 0 for data that must be read fresh each time. */
  gcTime?: number;
  /** A copy kept elsewhere (e.g. localStorage), shown at once and replaced by the reply. */
  cached?: () => T | undefined;
  /** Show the previous data while a new key loads (paged lists, stat badges). */
  keepPrevious?: boolean;
  /** The data when the reply carries none (e.g. an empty list sent as null). */
  fallback?: T;
}

export function useReplyQuery<T>(options: ReplyQueryOptions<T>) {
  const result = useQuery({
    queryKey: options.queryKey,
    queryFn: async (): Promise<T> => unwrapReply(await options.fetch()) ?? (options.fallback as T),
    enabled: options.enabled,
    staleTime: options.staleTime,
    gcTime: options.gcTime,
    initialData: options.cached,
    // The cached copy counts as old, so it is read again at once.
    initialDataUpdatedAt: options.cached ? 0 : undefined,
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** One page of a paged list. */
export function usePageQuery<Row>(queryKey: QueryKey, fetch: () => Promise<ApiReply<Page<Row>>>) {
  return useReplyQuery<Page<Row>>({ queryKey, fetch, keepPrevious: true });
}
