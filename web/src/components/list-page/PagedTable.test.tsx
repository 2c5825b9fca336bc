import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubTableMeasuring } from '../table-test-stubs.ts';
import { pendingRowId } from '../use-list-mutation.ts';
import { PagedTable, type PagedTableData } from './PagedTable.tsx';

stubTableMeasuring();

interface Row {
  id: number;
  name: string;
}

const data: PagedTableData<Row> = {
  rows: [{ id: 1, name: 'first' }],
  loading: false,
  page: 1,
  pageSize: 10,
  total: 1,
  onPageChange: () => {},
};

function phone(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

function renderTable() {
  return render(
    <PagedTable<Row>
      testId="rows"
      data={data}
      columns={[{ title: 'Name', key: 'name', dataIndex: 'name' }]}
      actions={{ title: 'Actions', render: (row) => <button type="button">edit {row.id}</button> }}
      totalText={(total) => `${total} rows`}
    />,
  );
}

// antd tables render slowly in jsdom (CSS-in-JS on first use).
describe('PagedTable', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('pins the actions at the right edge on a wide screen', () => {
    phone(false);
    const { container, getByText } = renderTable();
    expect(getByText('edit 1').closest('td')?.className).toContain('ant-table-cell-fix');
    expect(getByText('1 rows')).toBeTruthy();
    expect(container.querySelector('[data-testid="rows"]')).not.toBeNull();
  });

  it('keys rows by id, or by the rowKey given for rows of several kinds', () => {
    phone(false);
    const keys = (container: HTMLElement) =>
      [...container.querySelectorAll('tr[data-row-key]')].map((row) => row.getAttribute('data-row-key'));
    expect(keys(renderTable().container)).toEqual(['1']);
    cleanup();
    const { container } = render(
      <PagedTable<Row>
        testId="rows"
        data={data}
        rowKey={(row) => `row:${row.name}`}
        columns={[{ title: 'Name', key: 'name', dataIndex: 'name' }]}
        totalText={(total) => `${total} rows`}
      />,
    );
    expect(keys(container)).toEqual(['row:first']);
  });

  it('pins nothing on a phone, so every column scrolls into view', () => {
    phone(true);
    const { container, getByText } = renderTable();
    expect(getByText('edit 1').closest('td')?.className).not.toContain('ant-table-cell-fix');
    expect(container.querySelectorAll('.ant-table-cell-fix-right')).toHaveLength(0);
  });
});

describe('pendingRowId', () => {
  it('is the id of the row (or the id itself) while the call runs, else null', () => {
    expect(pendingRowId({ isPending: true, variables: { id: 4 } })).toBe(4);
    expect(pendingRowId({ isPending: true, variables: 7 })).toBe(7);
    expect(pendingRowId({ isPending: false, variables: 7 })).toBeNull();
    expect(pendingRowId({ isPending: true })).toBeNull();
  });
});
