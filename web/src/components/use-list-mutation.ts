/**
 * The row and page actions of the list pages (toggle, edit, delete, bulk delete): call, success toast,
 * then the cached list pages take the returned row or are reloaded. Failures are toasted once
 * (api/client.ts).
 */
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiReply, Page } from '../../../common/api-types.ts';
import { reportFailure, unwrapReply } from '../api/client.ts';
import { showInfo, showSuccess } from './feedback.ts';

/** Replaces the row with `id` in every cached page under `lists` by `patch(row)`. */
export function patchListRow<Row extends { id: number }>(
  queryClient: QueryClient,
  lists: QueryKey,
  id: number,
  patch: (row: Row) => Row,
): void {
  queryClient.setQueriesData<Page<Row>>({ queryKey: lists }, (page) =>
    page ? { ...page, items: page.items.map((row) => (row.id === id ? patch(row) : row)) } : page,
  );
}

export interface ListMutationOptions<Variables, Data> {
  call: (variables: Variables) => Promise<ApiReply<Data>>;
  /** The success toast. */
  success: (data: Data, variables: Variables) => string;
  /** `info` for work the call only started (the server goes on in the background); else `success`. */
  tone?: 'success' | 'info';
  /** The key prefix of the list pages. */
  lists: QueryKey;
  /** The server returned the changed row: put it into the cached pages. */
  replacesRow?: boolean;
  /** Reload the list pages afterwards (rows added, removed or moved). */
  reloads?: boolean;
  /** Another query to reload afterwards (e.g. the changed row's detail). */
  alsoReloads?: (variables: Variables) => QueryKey;
  /** Other queries the change makes stale whatever the variables (e.g. a list of names the rows feed). */
  related?: readonly QueryKey[];
}

export function useListMutation<Variables, Data>(options: ListMutationOptions<Variables, Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: Variables) => unwrapReply(await options.call(variables)),
    onSuccess: async (data, variables) => {
      if (options.replacesRow) {
        const row = data as { id: number };
        patchListRow(queryClient, options.lists, row.id, () => row);
      }
      const toast = options.tone === 'info' ? showInfo : showSuccess;
      toast(options.success(data, variables));
      const reloading: QueryKey[] = [];
      if (options.reloads) reloading.push(options.lists);
      if (options.alsoReloads) reloading.push(options.alsoReloads(variables));
      if (options.related) reloading.push(...options.related);
      await Promise.all(reloading.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: reportFailure,
  });
}

/** The id of the row a mutation is working on (its variables are the row or its id), or null when idle. */
export function pendingRowId(mutation: {
  isPending: boolean;
  variables?: number | { id: number };
}): number | null {
  const { isPending, variables } = mutation;
  if (!isPending || variables === undefined) return null;
  return typeof variables === 'number' ? variables : variables.id;
}
