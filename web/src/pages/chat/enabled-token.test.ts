import { afterEach, describe, expect, it, vi } from 'vitest';
import { enabledTokenKeys, fetchEnabledTokenKeys } from './enabled-token.ts';

describe('enabledTokenKeys', () => {
  it.each([
    [[], []],
    [[{ status: 1, key: 'a' }], ['a']],
    [
      [
        { status: 2, key: 'disabled' },
        { status: 1, key: 'first' },
        { status: 3, key: 'expired' },
        { status: 4, key: 'exhausted' },
        { status: 1, key: 'second' },
      ],
      ['first', 'second'],
    ],
    [[{ status: 2, key: 'b' }], []],
  ])('%o keeps %o', (tokens, expected) => {
    expect(enabledTokenKeys(tokens)).toEqual(expected);
  });
});

describe('fetchEnabledTokenKeys', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for the first 100 tokens (p=0) and keeps the enabled keys', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        success: true,
        message: '',
        data: {
          items: [
            { status: 2, key: 'off' },
            { status: 1, key: 'on' },
          ],
          page: 1,
          page_size: 100,
          total: 2,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchEnabledTokenKeys()).toEqual(['on']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/token/?p=0&size=100');
  });

  it('fails with the server message when the reply is a refusal', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ success: false, message: 'nope' })),
    );
    await expect(fetchEnabledTokenKeys()).rejects.toThrow('nope');
  });
});
