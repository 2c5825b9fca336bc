import { describe, expect, it } from 'vitest';
import {
  applyBatch,
  batchProblem,
  buildPricingRows,
  cellProblem,
  completionPriceFromRatio,
  completionPriceText,
  completionRatioFromPrices,
  firstInvalidRow,
  inputPriceText,
  modelsWithoutPricing,
  nameProblem,
  type PricingRow,
  parseNumberMap,
  ratioFromTokenPrice,
  rowMode,
  rowsToOptionTexts,
  tokenPriceFromRatio,
  withMode,
} from './pricing-editor-rules.ts';

const row = (name: string, price = '', ratio = '', completionRatio = ''): PricingRow => ({
  name,
  price,
  ratio,
  completionRatio,
});

describe('conversions', () => {
  it.each([
    [0.75, 1.5],
    [15, 30],
    [0.1, 0.2],
  ])('ratio %d ↔ token price %d', (ratio, price) => {
    expect(tokenPriceFromRatio(ratio)).toBe(price);
    expect(ratioFromTokenPrice(price)).toBe(ratio);
  });

  it.each([
    [6, 1.5, 4],
    [0.3, 0.1, 3],
    [1, 0, null],
  ])('completion price %d / input %d → %o', (completion, input, expected) => {
    expect(completionRatioFromPrices(completion, input)).toBe(expected);
  });

  it('completion price is the input price times the completion ratio', () => {
    expect(completionPriceFromRatio(4, 1.5)).toBe(6);
  });
});

describe('price columns', () => {
  it('shows the input and completion prices per 1M tokens of a ratio row', () => {
    // gpt-4o: ratio 1.25 → $2.5 input; completion ratio 4 → $10 output.
    expect(inputPriceText(row('gpt-4o', '', '1.25', '4'))).toBe('$2.5');
    expect(completionPriceText(row('gpt-4o', '', '1.25', '4'))).toBe('$10');
    expect(completionPriceText(row('cheap', '', '0.075', '3'))).toBe('$0.45');
  });
  it('leaves the cells empty when a ratio is missing or not a number', () => {
    expect(inputPriceText(row('fixed', '0.02'))).toBe('');
    expect(completionPriceText(row('fixed', '0.02'))).toBe('');
    expect(completionPriceText(row('no-completion', '', '1.25'))).toBe('');
    expect(completionPriceText(row('bad', '', 'x', '2'))).toBe('');
  });
});

describe('parseNumberMap', () => {
  it.each([
    ['{"a":1,"b":"x"}', { a: 1 }],
    ['[1]', {}],
    ['oops', {}],
    [undefined, {}],
  ])('%s → %o', (text, expected) => {
    expect(parseNumberMap(text)).toEqual(expected);
  });
});

describe('rows', () => {
  it('joins the three maps into sorted rows and writes them back', () => {
    const rows = buildPricingRows({ mj: 0.1 }, { 'gpt-4o': 1.25 }, { 'gpt-4o': 4 });
    expect(rows).toEqual([row('gpt-4o', '', '1.25', '4'), row('mj', '0.1')]);
    expect(rows.map(rowMode)).toEqual(['per-token', 'per-request']);
    const texts = rowsToOptionTexts(rows);
    expect(JSON.parse(texts.ModelPrice)).toEqual({ mj: 0.1 });
    expect(JSON.parse(texts.ModelRatio)).toEqual({ 'gpt-4o': 1.25 });
    expect(JSON.parse(texts.CompletionRatio)).toEqual({ 'gpt-4o': 4 });
  });

  it.each([
    [row('a', '', '1', '2'), 'per-request' as const, '0.5', row('a', '0.5')],
    [row('a', '0.5'), 'per-token' as const, '', row('a')],
  ])('withMode %o %s', (input, mode, price, expected) => {
    expect(withMode(input, mode, price)).toEqual(expected);
  });
});

describe('cellProblem and firstInvalidRow', () => {
  it.each([
    ['', true, null],
    ['1.5', false, null],
    ['abc', false, 'settings.pricing.notNumber'],
    ['0', true, 'settings.pricing.priceZero'],
    ['0', false, null],
  ])('%s (price %s) → %s', (value, isPrice, expected) => {
    expect(cellProblem(value, isPrice)).toBe(expected);
  });

  it('names the first bad row', () => {
    expect(firstInvalidRow([row('a', '', '1'), row('b', '0')])).toEqual({
      name: 'b',
      problem: 'settings.pricing.priceZero',
    });
    expect(firstInvalidRow([row('a', '', '1')])).toBeNull();
  });

  it('does not judge rows unchanged since loading', () => {
    expect(firstInvalidRow([row('free', '0'), row('a', '', '1')], [row('free', '0')])).toBeNull();
    expect(firstInvalidRow([row('free', '0', '')], [row('free', '0.1')])).toEqual({
      name: 'free',
      problem: 'settings.pricing.priceZero',
    });
  });
});

describe('nameProblem', () => {
  it.each([
    ['', 'settings.pricing.nameRequired'],
    ['gpt-4o', 'settings.pricing.nameExists'],
    ['new-model', null],
  ])('%s → %s', (name, expected) => {
    expect(nameProblem(name, [row('gpt-4o')])).toBe(expected);
  });
});

describe('batch set', () => {
  const empty = { value: '', ratio: '', completionRatio: '' };
  it.each([
    [[], 'price' as const, { ...empty, value: '1' }, 'settings.pricing.selectFirst'],
    [['m'], 'both-ratios' as const, { ...empty, ratio: '1' }, 'settings.pricing.bothRatiosRequired'],
    [
      ['m'],
      'both-ratios' as const,
      { ...empty, ratio: '1', completionRatio: 'x' },
      'settings.pricing.notNumber',
    ],
    [['m'], 'ratio' as const, empty, 'settings.pricing.fillValueRequired'],
    [['m'], 'ratio' as const, { ...empty, value: 'y' }, 'settings.pricing.notNumber'],
    [['m'], 'ratio' as const, { ...empty, value: '2' }, null],
  ])('%o %s %o → %s', (selected, mode, values, expected) => {
    expect(batchProblem(selected, mode, values)).toBe(expected);
  });

  it.each([
    ['price' as const, { value: '0.2', ratio: '', completionRatio: '' }, row('m', '0.2')],
    ['ratio' as const, { value: '3', ratio: '', completionRatio: '' }, row('m', '', '3')],
    ['both-ratios' as const, { value: '', ratio: '3', completionRatio: '4' }, row('m', '', '3', '4')],
  ])('applies %s', (mode, values, expected) => {
    expect(applyBatch([row('a', '', '1')], ['m'], mode, values)).toEqual([row('a', '', '1'), expected]);
  });
});

describe('modelsWithoutPricing', () => {
  it('lists enabled models with neither a ratio nor a price', () => {
    expect(modelsWithoutPricing(['b', 'a', 'c', 'a'], { b: 1 }, { c: 0.1 })).toEqual(['a']);
  });
});
