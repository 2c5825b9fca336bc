import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LogView } from '../../api/logs.ts';
import { stubTableMeasuring } from '../../components/table-test-stubs.ts';
import { i18n } from '../../i18n/index.ts';
import { LogsTable, type LogsTableProps } from './LogsTable.tsx';
import { availableLogColumns } from './log-columns.ts';

stubTableMeasuring();

function log(overrides: Partial<LogView>): LogView {
  return {
    id: 1,
    created_at: 1_700_000_000,
    type: 2,
    content: 'model ratio 1.25',
    username: 'alice',
    user_id: 7,
    token_name: 'main-key',
    token_id: 4,
    model_name: 'gpt-4o',
    quota: 123,
    prompt_tokens: 11,
    completion_tokens: 22,
    use_time: 150,
    is_stream: true,
    channel: 3,
    channel_name: 'fake',
    group: 'vip',
    other: JSON.stringify({
      frt: 12_000,
      is_model_mapped: true,
      upstream_model_name: 'gpt-4o-2024-08-06',
      model_ratio: 1.25,
      admin_info: { use_channel: [3] },
    }),
    ...overrides,
  };
}

const consumption = log({});
const topUp = log({
  id: 2,
  type: 1,
  content: 'Redeemed a code',
  model_name: '',
  token_name: '',
  quota: 0,
  prompt_tokens: 0,
  completion_tokens: 0,
  other: '',
});

function renderTable(props: Partial<LogsTableProps> = {}) {
  void i18n.changeLanguage('en');
  const admin = props.admin ?? true;
  return render(
    <LogsTable
      data={{
        rows: [consumption, topUp],
        loading: false,
        page: 1,
        pageSize: 10,
        total: 2,
        onPageChange: () => {},
      }}
      admin={admin}
      columns={availableLogColumns(admin)}
      onOpenUser={() => {}}
      {...props}
    />,
  );
}

function row(container: HTMLElement, id: number): HTMLElement {
  const element = container.querySelector<HTMLElement>(`tr[data-row-key="${id}"]`);
  if (!element) throw new Error(`row ${id} missing`);
  return element;
}

// antd tables render slowly in jsdom (CSS-in-JS on first use).
describe('LogsTable', { timeout: 30_000 }, () => {
  it('shows usage cells of a consumption row with coloured timings, the mapped marker and the cost', () => {
    const { container } = renderTable();
    const cells = within(row(container, 1));
    expect(cells.getByText('gpt-4o')).toBeTruthy();
    expect(cells.getByText('mapped')).toBeTruthy();
    expect(cells.getByText('main-key')).toBeTruthy();
    expect(cells.getByText('$0.000246')).toBeTruthy();
    const timing = cells.getByTestId('log-use-time-1');
    expect(within(timing).getByText('150 s').closest('.ant-tag')?.className).toContain('orange');
    expect(within(timing).getByText('12.0 s').closest('.ant-tag')?.className).toContain('red');
    expect(within(timing).getByText('Stream')).toBeTruthy();
  });

  it('leaves the usage cells of a top-up row empty', () => {
    const { container } = renderTable();
    const text = row(container, 2).textContent ?? '';
    expect(text).toContain('Top-up');
    expect(text).toContain('Redeemed a code');
    expect(text).not.toContain('$0.00');
    expect(text).not.toContain('Non-stream');
  });

  it('opens the user popup from the username in the admin view', () => {
    const onOpenUser = vi.fn();
    renderTable({ onOpenUser });
    fireEvent.click(screen.getByTestId('log-user-1'));
    expect(onOpenUser).toHaveBeenCalledWith(7);
  });

  it('expands a row into its details', () => {
    renderTable();
    fireEvent.click(screen.getByTestId('log-expand-1'));
    const details = screen.getByTestId('log-details-1');
    expect(within(details).getByText('Upstream model')).toBeTruthy();
    expect(within(details).getByText('gpt-4o-2024-08-06')).toBeTruthy();
    expect(within(details).getByText('Channels tried')).toBeTruthy();
  });

  it('says the content of a row with facts in the reader language', async () => {
    const redemption = log({
      id: 3,
      type: 1,
      content: '使用兑换码充值 $0.20（兑换码 #2）',
      other: JSON.stringify({ content_key: 'log.redeemed', content_params: { quota: 100_000, code_id: 2 } }),
    });
    const data = {
      rows: [consumption, redemption],
      loading: false,
      page: 1,
      pageSize: 10,
      total: 2,
      onPageChange() {},
    };
    const view = renderTable({ data });
    expect(screen.getByTestId('log-content-3').textContent).toBe('Redeemed a code: +$0.20 (code #2)');
    await act(() => i18n.changeLanguage('zh'));
    view.rerender(<LogsTable data={data} admin columns={availableLogColumns(true)} onOpenUser={() => {}} />);
    expect(screen.getByTestId('log-content-3').textContent).toBe('使用兑换码充值 $0.20（兑换码 #2）');
    expect(screen.getByTestId('log-content-1').textContent).toBe('model ratio 1.25');
    await act(() => i18n.changeLanguage('en'));
  });

  it('has no channel or user column for a regular user', () => {
    const { container } = renderTable({ admin: false });
    const headers = [...container.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).not.toContain('Channel');
    expect(headers).not.toContain('User');
    expect(screen.queryByTestId('log-user-1')).toBeNull();
  });
});
