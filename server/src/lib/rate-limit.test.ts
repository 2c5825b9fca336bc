import { describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from './rate-limit.ts';

describe('MemoryRateLimitStore', () => {
  it('allows up to the limit in a window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const store = new MemoryRateLimitStore(() => now);
    const verdicts = [];
    for (let index = 0; index < 4; index += 1) verdicts.push(await store.hit('ip', 3, 60));
    expect(verdicts.map((verdict) => verdict.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[2]?.remaining).toBe(0);
    expect(verdicts[3]?.resetSeconds).toBe(60);
    now += 59_000;
    expect((await store.hit('ip', 3, 60)).allowed).toBe(false);
    now += 1_000;
    expect((await store.hit('ip', 3, 60)).allowed).toBe(true);
    expect((await store.hit('other', 3, 60)).allowed).toBe(true);
    await store.close();
  });
});
