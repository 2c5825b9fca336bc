/**
 * Perplexity's dialect: the sources of a reply read from `citations` and `search_results`, written after
 * the answer of a whole reply, and as a text block of its own just before a stream's stop; the request body
 * shaped as Perplexity takes it.
 */
import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../../canonical/types.ts';
import { perplexityCodec } from './codec.ts';
import { perplexityBody } from './index.ts';
import { sourcesOf, sourcesText } from './sources.ts';

const A = 'https://a.example/1';
const B = 'https://b.example/2';

describe('sourcesOf', () => {
  it.each([
    [
      'citations with titles from search_results',
      { citations: [A, B], search_results: [{ title: 'A', url: A }] },
      [{ url: A, title: 'A' }, { url: B }],
    ],
    ['citations alone', { citations: [A] }, [{ url: A }]],
    [
      'search_results alone',
      { search_results: [{ title: 'B', url: B }, { title: 'no url' }] },
      [{ url: B, title: 'B' }],
    ],
    ['neither', { choices: [] }, null],
    ['empty citations', { citations: [] }, null],
    ['not an object', 'text', null],
  ])('%s', (_name, body, expected) => {
    expect(sourcesOf(body)).toEqual(expected);
  });

  it('writes them as a numbered list after a blank line', () => {
    expect(sourcesText([{ url: A, title: 'A' }, { url: B }])).toBe(`\n\nSources:\n[1] A: ${A}\n[2] ${B}`);
  });
});

const reply = (extra: Record<string, unknown>) => ({
  id: 'ppl-1',
  model: 'sonar',
  created: 1,
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'Answer [1].' } }],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
  ...extra,
});

describe('perplexityCodec', () => {
  it('adds the sources after the answer of a whole reply, and nothing when there are none', () => {
    expect(perplexityCodec.decodeReply(reply({ citations: [A] })).content).toEqual([
      { type: 'text', text: 'Answer [1].' },
      { type: 'text', text: `\n\nSources:\n[1] ${A}` },
    ]);
    expect(perplexityCodec.decodeReply(reply({})).content).toEqual([{ type: 'text', text: 'Answer [1].' }]);
  });

  const chunk = (content: string, finish: string | null, extra: Record<string, unknown> = {}) => ({
    data: JSON.stringify({
      id: 'ppl-1',
      model: 'sonar',
      choices: [{ index: 0, finish_reason: finish, delta: { content } }],
      ...extra,
    }),
  });

  it('streams the sources as a block of their own just before the stop', () => {
    const decoder = perplexityCodec.streamDecoder();
    const events: StreamEvent[] = [
      ...decoder.push(chunk('Answer ', null, { citations: [A] })),
      ...decoder.push(
        chunk('[1].', 'stop', { citations: [A, B], usage: { prompt_tokens: 3, completion_tokens: 2 } }),
      ),
      ...decoder.end(),
    ];
    const kinds = events.map((event) => `${event.type}${'index' in event ? event.index : ''}`);
    expect(kinds).toEqual([
      'start',
      'block_start0',
      'text_delta0',
      'text_delta0',
      'block_stop0',
      'block_start1',
      'text_delta1',
      'block_stop1',
      'stop',
      'usage',
    ]);
    expect(events[6]).toEqual({ type: 'text_delta', index: 1, text: `\n\nSources:\n[1] ${A}\n[2] ${B}` });
  });

  it('streams no sources block for a stream without sources', () => {
    const decoder = perplexityCodec.streamDecoder();
    const events = [...decoder.push(chunk('Answer.', 'stop')), ...decoder.end()];
    expect(events.filter((event) => event.type === 'block_start')).toHaveLength(1);
  });
});

describe('perplexityBody', () => {
  it.each([
    [{ max_completion_tokens: 50 }, { max_tokens: 50 }],
    [{ max_tokens: 10, max_completion_tokens: 50 }, { max_tokens: 10 }],
    [{ top_p: 1 }, { top_p: 0.99 }],
    [{ top_p: 0.5 }, { top_p: 0.5 }],
    [
      { temperature: 0.2, search_recency_filter: 'week' },
      { temperature: 0.2, search_recency_filter: 'week' },
    ],
  ])('%o → %o', (body, expected) => {
    expect(perplexityBody({ model: 'sonar', ...body })).toEqual({ model: 'sonar', ...expected });
  });
});
