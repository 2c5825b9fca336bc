import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LimitUsage } from '../../../common/traffic-limits.ts';
import { i18n } from '../i18n/index.ts';
import { LimitFields } from './LimitFields.tsx';
import { LimitUsageCell } from './LimitUsageCell.tsx';
import { emptyLimitFormValues, type LimitFormValues } from './limit-fields-rules.ts';

beforeAll(async () => {
  await act(() => i18n.changeLanguage('en'));
});
afterAll(async () => {
  await act(() => i18n.changeLanguage('zh'));
});

/** The section in a form of its own; `onFinish` receives the values once every field rule passes. */
function renderSection(initial: LimitFormValues, onFinish: (values: { limits: LimitFormValues }) => void) {
  render(
    <Form initialValues={{ limits: initial }} onFinish={onFinish}>
      <LimitFields name="limits" hint="hint" testIdPrefix="x" />
      <Button htmlType="submit" data-testid="submit">
        Save
      </Button>
    </Form>,
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('LimitFields', () => {
  it('starts closed when nothing is set', () => {
    renderSection(emptyLimitFormValues(), () => {});
    expect(screen.getByTestId('x-section-summary').textContent).toBe('None set');
    expect(screen.getByTestId('x-section').querySelector('.ant-collapse-item-active')).toBeNull();
  });

  it('opens by itself, with its count, when limits are stored', () => {
    renderSection({ ...emptyLimitFormValues(), rpm: 60, budget: 5 }, () => {});
    expect(screen.getByTestId('x-section-summary').textContent).toBe('2 set');
    expect(screen.getByTestId('x-section').querySelector('.ant-collapse-item-active')).not.toBeNull();
    expect(input('x-rpm').value).toBe('60');
  });

  it('refuses a negative count and an unknown time zone beside their fields', async () => {
    const onFinish = vi.fn();
    renderSection(emptyLimitFormValues(), onFinish);
    fireEvent.change(input('x-rpm'), { target: { value: '-5' } });
    fireEvent.change(screen.getByTestId('x-timezone').querySelector('input') ?? input('x-timezone'), {
      target: { value: 'Mars/Olympus' },
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('submit'));
    });
    await screen.findByText('Requests per minute must be a whole number, 0 or more');
    await screen.findByText('Reset time zone: unknown time zone; use an IANA name such as Asia/Shanghai');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('submits the values it was given and the ones typed', async () => {
    const onFinish = vi.fn();
    renderSection({ ...emptyLimitFormValues(), tpd: 1000 }, onFinish);
    fireEvent.change(input('x-concurrency'), { target: { value: '4' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('submit'));
    });
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]?.[0].limits).toMatchObject({
      tpd: 1000,
      concurrency: 4,
      budget_period: 'day',
      timezone: 'UTC',
    });
    expect(screen.getByTestId('x-section-summary').textContent).toBe('2 set');
  });
});

describe('LimitUsageCell', () => {
  const usage = (kind: LimitUsage['kind'], limit: number, used: number, resetAt = 0): LimitUsage => ({
    kind,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    reset_at: resetAt,
  });

  it('says when a key has no limits', () => {
    render(<LimitUsageCell limits={{}} usage={undefined} testId="cell" />);
    expect(screen.getByTestId('cell').textContent).toBe('No limits');
  });

  it('shows the budget left with its reset, and marks a used-up limit', () => {
    render(
      <LimitUsageCell
        limits={{ budget: 2_500_000, rpm: 10, rpd: 100 }}
        usage={[usage('budget', 2_500_000, 500_000, 1_900_000_000), usage('rpm', 10, 10)]}
        testId="cell"
      />,
    );
    expect(screen.getByTestId('cell-budget').textContent).toBe('Budget $4.00 / $5.00 left');
    expect(screen.getByTestId('cell-reset').textContent).toMatch(/^resets \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(screen.getByTestId('cell-rpm').textContent).toBe('RPM 0 / 10 left');
    expect(screen.getByTestId('cell-rpm').className).toContain('danger');
    // The per-day count is in the tooltip only.
    expect(screen.queryByTestId('cell-rpd')).toBeNull();
    expect(screen.getByTestId('cell').textContent).toContain('+1');
  });
});
