import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GatewayError } from '../lib/errors.ts';
import { ok, PAGE_MAX, parseInput, readId, readPaging } from './reply.ts';

describe('readPaging', () => {
  it.each([
    [{}, { page: 1, pageSize: 10, offset: 0 }],
    [{ p: '0' }, { page: 1, pageSize: 10, offset: 0 }],
    [{ p: '-3' }, { page: 1, pageSize: 10, offset: 0 }],
    [{ p: 'abc' }, { page: 1, pageSize: 10, offset: 0 }],
    [
      { p: '3', page_size: '20' },
      { page: 3, pageSize: 20, offset: 40 },
    ],
    [
      { p: '2', size: '50' },
      { page: 2, pageSize: 50, offset: 50 },
    ],
    [{ page_size: '1000' }, { page: 1, pageSize: 100, offset: 0 }],
    [{ page_size: '0' }, { page: 1, pageSize: 10, offset: 0 }],
    // Absurd values: huge pages are clamped (an empty page), fractions rounded down, junk is the default.
    [{ p: '1e20' }, { page: PAGE_MAX, pageSize: 10, offset: (PAGE_MAX - 1) * 10 }],
    [{ p: '100000000000000000000' }, { page: PAGE_MAX, pageSize: 10, offset: (PAGE_MAX - 1) * 10 }],
    [{ p: 'Infinity' }, { page: PAGE_MAX, pageSize: 10, offset: (PAGE_MAX - 1) * 10 }],
    [
      { p: '2.5', page_size: '20.9' },
      { page: 2, pageSize: 20, offset: 20 },
    ],
    [
      { p: '', page_size: '' },
      { page: 1, pageSize: 10, offset: 0 },
    ],
    [{ p: ['2', '3'] }, { page: 1, pageSize: 10, offset: 0 }],
    [
      { p: '-1e20', page_size: '-Infinity' },
      { page: 1, pageSize: 10, offset: 0 },
    ],
    [{ page_size: '1e20' }, { page: 1, pageSize: 100, offset: 0 }],
    [{ page_size: 'NaN' }, { page: 1, pageSize: 10, offset: 0 }],
  ])('%o', (query, expected) => {
    expect(readPaging(query)).toEqual(expected);
  });
});

describe('parseInput', () => {
  const schema = z.object({ name: z.string(), count: z.number().int() });
  it('returns valid input', () => {
    expect(parseInput(schema, { name: 'a', count: 1 })).toEqual({ name: 'a', count: 1 });
  });
  it('turns the first problem into a 400 naming the field', () => {
    try {
      parseInput(schema, { name: 'a', count: 'x' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(GatewayError);
      expect((error as GatewayError).status).toBe(400);
      expect(String((error as GatewayError).params?.detail)).toMatch(/^count: /);
    }
  });
});

describe('readId and ok', () => {
  it.each(['0', '-1', 'x', '1.5', ''])('rejects id %s', (value) => {
    expect(() => readId(value)).toThrow(GatewayError);
  });
  it('accepts positive ids and builds replies', () => {
    expect(readId('42')).toBe(42);
    expect(ok()).toEqual({ success: true, message: '' });
    expect(ok([1], 'done')).toEqual({ success: true, message: 'done', data: [1] });
  });
});
