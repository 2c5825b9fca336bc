import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE_STORAGE_KEY } from './page-size.ts';
import { lastPage, useLastPageEmptied, useListState, useSearchForm } from './use-list-state.ts';

describe('useListState', () => {
  it('starts on page 1 with the remembered page size', () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '50');
    const { result } = renderHook(() => useListState({ keyword: '' }));
    expect(result.current).toMatchObject({ page: 1, pageSize: 50, search: { keyword: '' } });
  });

  it('moves between pages, and back to page 1 when the size changes, remembering the size', () => {
    const { result } = renderHook(() => useListState(''));
    act(() => result.current.changePage(3, 10));
    expect(result.current.page).toBe(3);
    act(() => result.current.changePage(3, 20));
    expect(result.current).toMatchObject({ page: 1, pageSize: 20 });
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('20');
  });

  it('goes back to page 1 when a search is applied', () => {
    const { result } = renderHook(() => useListState(''));
    act(() => result.current.changePage(4, 10));
    act(() => result.current.applySearch('gpt'));
    expect(result.current).toMatchObject({ page: 1, search: 'gpt' });
  });
});

describe('lastPage', () => {
  it.each([
    [0, 10, 1],
    [10, 10, 1],
    [11, 10, 2],
    [40, 20, 2],
  ])('%d rows at %d a page end on page %d', (total, pageSize, page) => {
    expect(lastPage(total, pageSize)).toBe(page);
  });
});

describe('useLastPageEmptied', () => {
  const run = (page: number, shown: { rowCount: number; total: number; settled: boolean }) => {
    const setPage = vi.fn();
    renderHook(() => useLastPageEmptied({ page, pageSize: 10, setPage }, shown));
    return setPage;
  };

  it('shows the page that now is the last one when the shown page came back empty', () => {
    expect(run(3, { rowCount: 0, total: 20, settled: true })).toHaveBeenCalledWith(2);
    expect(run(3, { rowCount: 0, total: 0, settled: true })).toHaveBeenCalledWith(1);
  });

  it('leaves a page with rows, page 1, and a placeholder page alone', () => {
    expect(run(3, { rowCount: 2, total: 22, settled: true })).not.toHaveBeenCalled();
    expect(run(1, { rowCount: 0, total: 0, settled: true })).not.toHaveBeenCalled();
    expect(run(3, { rowCount: 0, total: 20, settled: false })).not.toHaveBeenCalled();
  });
});

interface Values {
  keyword?: string;
}

function useScreen(options: { reload?: () => void; freshValues?: () => Values }) {
  const list = useListState('');
  const form = useSearchForm(list, {
    toSearch: (values: Values) => values.keyword?.trim() ?? '',
    ...options,
  });
  return { list, form };
}

describe('useSearchForm', () => {
  it('applies the trimmed values and goes back to page 1', () => {
    const { result } = renderHook(() => useScreen({}));
    act(() => result.current.list.changePage(2, 10));
    act(() => result.current.form.search({ keyword: '  sk-1 ' }));
    expect(result.current.list).toMatchObject({ search: 'sk-1', page: 1 });
  });

  it('reloads when the same search is pressed again, and only then', () => {
    const reload = vi.fn();
    const { result } = renderHook(() => useScreen({ reload }));
    act(() => result.current.form.search({ keyword: 'a' }));
    expect(reload).not.toHaveBeenCalled();
    act(() => result.current.form.search({ keyword: 'a ' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('resets to the empty search, or to fresh values when the screen has them', () => {
    const plain = renderHook(() => useScreen({}));
    act(() => plain.result.current.form.search({ keyword: 'a' }));
    act(() => plain.result.current.form.reset());
    expect(plain.result.current.list.search).toBe('');

    const fresh = renderHook(() => useScreen({ freshValues: () => ({ keyword: 'today' }) }));
    act(() => fresh.result.current.form.reset());
    expect(fresh.result.current.list.search).toBe('today');
  });
});
