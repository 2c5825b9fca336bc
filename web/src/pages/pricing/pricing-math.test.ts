import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  displayAmount,
  formatMoney,
  formatRatio,
  groupRatioColor,
  perCallPrice,
  tokenPricesPerMillion,
  usageCost,
} from './pricing-math.ts';

describe('tokenPricesPerMillion (ratio × 2 × group, × completion ratio for output)', () => {
  it.each([
    // model, model ratio, completion ratio, group ratio, input $/1M, output $/1M
    ['gpt-4o', 1.25, 4, 1, 2.5, 10],
    ['gpt-4o-mini', 0.075, 4, 1, 0.15, 0.6],
    ['gpt-4.1', 1, 4, 1, 2, 8],
    ['claude-3-5-sonnet', 1.5, 5, 1, 3, 15],
    ['gemini-2.0-flash', 0.05, 4, 1, 0.1, 0.4],
    ['deepseek-chat', 0.135, 1, 1, 0.27, 0.27],
    ['text-embedding-3-small', 0.01, 1, 1, 0.02, 0.02],
    ['gpt-4o in a group at 1.5', 1.25, 4, 1.5, 3.75, 15],
    ['gpt-4o-mini in a group at 0.5', 0.075, 4, 0.5, 0.075, 0.3],
    ['a free group', 1.25, 4, 0, 0, 0],
  ])(
    '%s: ratio %d, completion %d, group %d → $%d / $%d',
    (_model, ratio, completion, group, input, output) => {
      const prices = tokenPricesPerMillion(ratio, completion, group);
      expect(prices.input).toBeCloseTo(input, 10);
      expect(prices.output).toBeCloseTo(output, 10);
    },
  );

  it.each([
    // quota per unit, ratio, expected input $/1M
    [500_000, 1, 2],
    [1_000_000, 1, 1],
    [250_000, 0.5, 2],
    [0, 1, 2],
    [-5, 1, 2],
  ])('follows quota_per_unit %i (ratio %d → $%d per 1M)', (quotaPerUnit, ratio, expected) => {
    expect(tokenPricesPerMillion(ratio, 1, 1, quotaPerUnit).input).toBeCloseTo(expected, 10);
  });
});

describe('perCallPrice (model price × group ratio)', () => {
  it.each([
    ['dall-e-3', 0.04, 1, 0.04],
    ['dall-e-3 in a group at 2', 0.04, 2, 0.08],
    ['mj_imagine', 0.1, 1, 0.1],
    ['suno_music in a group at 0.8', 0.1, 0.8, 0.08],
  ])('%s: $%d × %d = $%d', (_model, price, group, expected) => {
    expect(perCallPrice(price, group)).toBeCloseTo(expected, 10);
  });
});

describe('usageCost (group × ratio × (prompt + completion × completion ratio) / 500000)', () => {
  it.each([
    // prompt, completion, model ratio, completion ratio, group ratio, USD
    [1_000_000, 0, 1, 1, 1, 2],
    [1_000_000, 1_000_000, 1.25, 4, 1, 12.5],
    [1000, 500, 0.075, 4, 1, 0.00045],
    [10_000, 2000, 1.5, 5, 2, 0.12],
    [0, 0, 1, 1, 1, 0],
  ])(
    '%i prompt + %i completion at %d/%d/%d → $%d',
    (prompt, completion, modelRatio, completionRatio, groupRatio, usd) => {
      expect(
        usageCost(
          { promptTokens: prompt, completionTokens: completion },
          { modelRatio, completionRatio, groupRatio },
        ),
      ).toBeCloseTo(usd, 10);
    },
  );
});

describe('displayAmount and currencySymbol', () => {
  const base = { topUpPrice: 7.3, usdExchangeRate: 7.3 };
  it.each([
    // usd, at top-up price, currency, top-up price, exchange rate, expected, symbol
    [10, false, 'USD', 7.3, 7.3, 10, '$'],
    [10, false, 'CNY', 7.3, 7.3, 10, '$'],
    [10, true, 'CNY', 7.3, 7.3, 73, '¥'],
    [10, true, 'USD', 7.3, 7.3, 10, '$'],
    [10, true, 'CNY', 5, 7.3, 50, '¥'],
    [7.3, true, 'USD', 5, 7.3, 5, '$'],
    [2.5, true, 'CNY', 8, 7, 20, '¥'],
    [1, true, 'CNY', 0, 7.3, 1, '¥'],
    [1, true, 'USD', 7.3, 0, 7.3, '$'],
  ] as const)(
    '$%d (top-up %s, %s, price %d, rate %d) → %d %s',
    (usd, atTopUpPrice, currency, topUpPrice, rate, expected, symbol) => {
      const settings = { ...base, atTopUpPrice, currency, topUpPrice, usdExchangeRate: rate };
      expect(displayAmount(usd, settings)).toBeCloseTo(expected, 10);
      expect(currencySymbol(settings)).toBe(symbol);
    },
  );
});

describe('formatMoney', () => {
  it.each([
    [0, '0.00'],
    [2.5, '2.50'],
    [10, '10.00'],
    [0.15, '0.15'],
    [0.6000000000000001, '0.60'],
    [0.275, '0.275'],
    [6.849315068, '6.8493'],
    [0.075, '0.075'],
    [0.005, '0.005'],
    [0.0002, '0.0002'],
    [0.000123, '0.00012'],
    [1234.5, '1234.50'],
    [-3, '-3.00'],
    [Number.NaN, '-'],
    [Number.POSITIVE_INFINITY, '-'],
  ])('%d → %s', (amount, expected) => {
    expect(formatMoney(amount)).toBe(expected);
  });
});

describe('formatRatio', () => {
  it.each([
    [4, 3, '4'],
    [1.3333333, 3, '1.333'],
    [0.6666666, 3, '0.667'],
    [2.5, 3, '2.5'],
    [0.075, 6, '0.075'],
    [0.1 + 0.2, 6, '0.3'],
    [Number.NaN, 3, '-'],
  ])('%d to %i decimals → %s', (value, decimals, expected) => {
    expect(formatRatio(value, decimals)).toBe(expected);
  });
});

describe('groupRatioColor (over 5 red, over 3 orange, over 1 blue, else green)', () => {
  it.each([
    [10, 'red'],
    [5.01, 'red'],
    [5, 'orange'],
    [3.5, 'orange'],
    [3, 'blue'],
    [1.5, 'blue'],
    [1, 'green'],
    [0.5, 'green'],
    [0, 'green'],
  ])('%d → %s', (ratio, color) => {
    expect(groupRatioColor(ratio)).toBe(color);
  });
});
