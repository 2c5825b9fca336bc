import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubTableMeasuring } from '../table-test-stubs.ts';
import { useListState, useSearchForm } from '../use-list-state.ts';
import { ListPage, ListToolbar, SearchSuggestField, suggestionMatches } from './ListPage.tsx';

// The suggestion list measures itself as tables do.
stubTableMeasuring();

describe('suggestionMatches', () => {
  it.each([
    ['gpt-4o-mini', 'GPT-4O', true],
    ['gpt-4o-mini', 'mini', true],
    ['gpt-4o-mini', '', true],
    ['claude-3', 'gpt', false],
    [undefined, 'gpt', false],
  ])('%o for typed %o is %o', (suggestion, typed, matches) => {
    expect(suggestionMatches(suggestion, typed)).toBe(matches);
  });
});

interface Values {
  model?: string;
}

describe('SearchSuggestField', { timeout: 30_000 }, () => {
  it('suggests the matching values, and any typed text is searched', async () => {
    const onSearch = vi.fn();
    function Page() {
      const list = useListState({ model: '' });
      const searchForm = useSearchForm<Values, { model: string }>(list, {
        toSearch: (values) => {
          const search = { model: values.model?.trim() ?? '' };
          onSearch(search);
          return search;
        },
      });
      return (
        <ListPage title="Rows" testId="rows-page">
          <ListToolbar search={searchForm} testIdPrefix="rows" labels={['Search', 'Reset']} actions={null}>
            <SearchSuggestField
              name="model"
              width={200}
              texts={['Model', 'Model name']}
              suggestions={['gpt-4o-mini', 'gpt-4o', 'claude-3']}
            />
          </ListToolbar>
        </ListPage>
      );
    }
    render(<Page />);
    expect(screen.getByTestId('rows-page')).toBeTruthy();
    const input = screen.getByTestId('rows-search-model') as HTMLInputElement;
    expect(input.getAttribute('aria-label')).toBe('Model');
    expect(input.getAttribute('placeholder')).toBe('Model name');

    fireEvent.change(input, { target: { value: 'GPT' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2));
    const shown = [...document.querySelectorAll('.ant-select-item-option')].map((item) => item.textContent);
    expect(shown).toEqual(['gpt-4o-mini', 'gpt-4o']);

    fireEvent.change(input, { target: { value: ' my-model ' } });
    await act(async () => fireEvent.click(screen.getByTestId('rows-search-submit')));
    await waitFor(() => expect(onSearch).toHaveBeenLastCalledWith({ model: 'my-model' }));
  });
});
