import { describe, expect, it } from 'vitest';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { CallState } from './call-state.ts';
import { markReturned, recordTry, replyModelOf, trailLogFields, trailSummary } from './trail.ts';

const single = { id: 3, name: 'east', key: 'sk-never-shown' } as unknown as CachedChannel;
const keyed = { id: 5, name: 'pool', key: 'sk-other', keySet: {}, keyIndex: 1 } as unknown as CachedChannel;

function freshState(): CallState {
  return { call: { model: 'gpt-4o' } } as unknown as CallState;
}

describe('the routing trail', () => {
  it('allocates nothing for a call served at once', () => {
    const state = freshState();
    expect(state.trail).toBeUndefined();
    expect(trailSummary(state)).toBe('');
    expect(trailLogFields(state)).toEqual({});
  });

  it('records each failed try, names keys from 1, and marks the one returned', () => {
    const state = freshState();
    recordTry(state, single, 'gpt-4o', { status: 429, message: 'slow' }, 'rate_limited', 'next_channel');
    recordTry(state, keyed, 'gpt-4o-mini', { status: 0, message: 'timed out' }, 'timeout', 'next_channel');
    markReturned(state);
    expect(state.trail).toEqual([
      {
        channel_id: 3,
        channel_name: 'east',
        model: 'gpt-4o',
        status: 429,
        class: 'rate_limited',
        action: 'next_channel',
      },
      {
        channel_id: 5,
        channel_name: 'pool',
        key_index: 2,
        model: 'gpt-4o-mini',
        status: 0,
        class: 'timeout',
        action: 'returned',
      },
    ]);
    expect(trailSummary(state)).toBe(
      'tried channel #3 (gpt-4o: rate_limited, 429), channel #5 key 2 (gpt-4o-mini: timeout)',
    );
    expect(JSON.stringify(trailLogFields(state))).not.toContain('sk-');
  });

  it('says nothing more than the failure itself after a single try', () => {
    const state = freshState();
    recordTry(state, single, 'gpt-4o', { status: 400, message: 'too long' }, 'context_too_long', 'returned');
    expect(trailSummary(state)).toBe('');
    expect(trailLogFields(state)).toEqual({ attempts: state.trail });
  });

  it('names the fallback in the log fields and the reply model', () => {
    const state = freshState();
    expect(replyModelOf(state)).toBe('gpt-4o');
    state.fallback = {
      requested: 'gpt-4o',
      served: 'gpt-4o-mini',
      reason: 'overloaded',
      replyModel: 'gpt-4o',
    };
    expect(trailLogFields(state)).toEqual({
      fallback: { requested: 'gpt-4o', served: 'gpt-4o-mini', reason: 'overloaded' },
    });
    expect(replyModelOf(state)).toBe('gpt-4o');
    state.fallback.replyModel = 'gpt-4o-mini';
    expect(replyModelOf(state)).toBe('gpt-4o-mini');
  });
});
