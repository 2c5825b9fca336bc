import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiReply } from '../../../common/api-types.ts';
import { type FeedbackApi, installFeedbackApi } from './feedback.ts';
import { type ListMutationOptions, useListMutation } from './use-list-mutation.ts';
import { useReplyQuery } from './use-reply-query.ts';

function toasts() {
  const message = { success: vi.fn(), info: vi.fn(), error: vi.fn(), warning: vi.fn() };
  installFeedbackApi({ message, modal: { info: vi.fn() } } as unknown as FeedbackApi);
  return message;
}

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const invalidated = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidatedKeys = () => invalidated.mock.calls.map(([filters]) => filters?.queryKey);
  return { queryClient, wrapper, invalidatedKeys };
}

const ok = <T,>(data: T): ApiReply<T> => ({ success: true, message: '', data });

async function run<V, D>(options: ListMutationOptions<V, D>, variables: V) {
  const { wrapper, invalidatedKeys } = setup();
  const { result } = renderHook(() => useListMutation(options), { wrapper });
  await act(() => result.current.mutateAsync(variables));
  return invalidatedKeys();
}

describe('useListMutation', () => {
  it('toasts success and reloads the lists, the variables’ query and the related queries', async () => {
    const message = toasts();
    const keys = await run(
      {
        call: async (ids: number[]) => ok(ids.length),
        success: (count) => `${count} deleted`,
        lists: ['rows', 'list'],
        reloads: true,
        alsoReloads: (ids) => ['rows', 'detail', ids[0]],
        related: [
          ['rows', 'names'],
          ['rows', 'detail'],
        ],
      },
      [4, 5],
    );
    expect(message.success).toHaveBeenCalledWith('2 deleted');
    expect(message.info).not.toHaveBeenCalled();
    expect(keys).toEqual([
      ['rows', 'list'],
      ['rows', 'detail', 4],
      ['rows', 'names'],
      ['rows', 'detail'],
    ]);
  });

  it('toasts an info for work only started, reloading nothing unasked', async () => {
    const message = toasts();
    const keys = await run<void, unknown>(
      { call: async () => ok(null), success: () => 'started', tone: 'info', lists: ['rows', 'list'] },
      undefined,
    );
    expect(message.info).toHaveBeenCalledWith('started');
    expect(message.success).not.toHaveBeenCalled();
    expect(keys).toEqual([]);
  });
});

describe('useReplyQuery', () => {
  it('shows a cached copy at once and reads the reply right away, replacing it', async () => {
    const { wrapper } = setup();
    let answer: (reply: ApiReply<string[]>) => void = () => {};
    const fetch = vi.fn(() => new Promise<ApiReply<string[]>>((resolve) => (answer = resolve)));
    const { result } = renderHook(
      () => useReplyQuery({ queryKey: ['names'], fetch, cached: () => ['stored'], staleTime: 60_000 }),
      { wrapper },
    );
    expect(result.current.data).toEqual(['stored']);
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    act(() => answer(ok(['fresh'])));
    await waitFor(() => expect(result.current.data).toEqual(['fresh']));
  });

  it('without a cached copy starts empty and takes the fallback for a reply without data', async () => {
    const { wrapper } = setup();
    const { result } = renderHook(
      () =>
        useReplyQuery<string[]>({
          queryKey: ['none'],
          fetch: async () => ({ success: true, message: '' }),
          fallback: [],
        }),
      { wrapper },
    );
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual([]));
  });
});
