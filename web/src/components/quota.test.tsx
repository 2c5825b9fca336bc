import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import type { PublicStatus } from '../../../common/api-types.ts';
import { createQuotaRenderer, useQuotaRenderer } from './quota.ts';
import { StatusContext } from './status.tsx';
import { DEFAULT_STATUS } from './status-storage.ts';

function withStatus(status: PublicStatus) {
  return ({ children }: { children: ReactNode }) => (
    <StatusContext.Provider value={{ status, isFresh: true, refresh: async () => {} }}>
      {children}
    </StatusContext.Provider>
  );
}

describe('createQuotaRenderer', () => {
  it('shows currency with two decimals when display_in_currency is on', () => {
    const render = createQuotaRenderer({ quota_per_unit: 500_000, display_in_currency: true });
    expect(render(500_000)).toBe('$1.00');
    expect(render(1_250_000)).toBe('$2.50');
    expect(render(123_456, 4)).toBe('$0.2469');
  });

  it('shows abbreviated units when display_in_currency is off', () => {
    const render = createQuotaRenderer({ quota_per_unit: 500_000, display_in_currency: false });
    expect(render(9_999)).toBe('9999');
    expect(render(500_000)).toBe('500k');
    expect(render(2_000_000)).toBe('2M');
  });

  it('follows a custom quota_per_unit and falls back to 500000 when it is missing', () => {
    expect(createQuotaRenderer({ quota_per_unit: 1_000, display_in_currency: true })(2_500)).toBe('$2.50');
    expect(createQuotaRenderer({ quota_per_unit: 0, display_in_currency: true })(500_000)).toBe('$1.00');
  });
});

describe('useQuotaRenderer', () => {
  it('uses the status of the surrounding provider', () => {
    const inCurrency = renderHook(() => useQuotaRenderer(), { wrapper: withStatus(DEFAULT_STATUS) });
    expect(inCurrency.result.current(750_000)).toBe('$1.50');
    const inUnits = renderHook(() => useQuotaRenderer(), {
      wrapper: withStatus({ ...DEFAULT_STATUS, display_in_currency: false }),
    });
    expect(inUnits.result.current(750_000)).toBe('750k');
  });
});
