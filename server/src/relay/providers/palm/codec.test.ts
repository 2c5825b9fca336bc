/**
 * Google PaLM 2 dialect (`generateMessage`) against recorded-style bodies (./__fixtures__): the request
 * with its context and numbered authors, the reply's first candidate, a reply blocked by filters, Google's
 * error body, and a stream call — PaLM cannot stream, so the whole reply framed as one event by the
 * adaptor — decoded the same however the bytes are cut.
 */
import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../../canonical/types.ts';
import { textBlock } from '../../formats/test-events.ts';
import { decodeAtEveryCut, dialectFixtures } from '../test-dialect-fixtures.ts';
import { palmCodec as codec } from './codec.ts';
import { palmAdaptor } from './index.ts';

const fixtures = dialectFixtures(import.meta.url);
const framing = palmAdaptor.streamFraming;

const request: CanonicalRequest = {
  model: 'chat-bison-001',
  system: [{ type: 'text', text: 'Speak like Shakespeare.' }],
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Hello' }] },
    { role: 'assistant', content: [{ type: 'text', text: 'Good morrow, gentle friend.' }] },
    { role: 'user', content: [{ type: 'text', text: 'How art thou?' }] },
  ],
  tools: [],
  stream: false,
  temperature: 1.4,
  topP: 0.95,
  topK: 40,
};

const answer = 'I am well, I thank thee kindly.\nAnd thou, fair traveller? 🌹';

describe('PaLM requests', () => {
  it('carry the system text as context and the turns by author number', () => {
    expect(codec.encodeRequest(request)).toEqual(fixtures.json('request.json'));
  });
});

describe('PaLM replies', () => {
  it('read the first candidate, without usage (PaLM reports none)', () => {
    expect(codec.decodeReply(fixtures.json('reply.json'))).toEqual({
      id: '',
      model: '',
      created: expect.any(Number),
      content: [{ type: 'text', text: answer }],
      stopReason: 'end_turn',
      usage: null,
    });
  });

  it('report a reply blocked by filters as filtered, with no text', () => {
    expect(codec.decodeReply(fixtures.json('reply-filtered.json'))).toMatchObject({
      content: [],
      stopReason: 'content_filter',
    });
  });

  it("read Google's error body", () => {
    const body = fixtures.json('reply-error.json');
    expect(codec.readError(body)).toMatchObject({
      message: 'API key not valid. Please pass a valid API key.',
    });
    expect(() => codec.decodeReply(body)).toThrow('API key not valid');
  });
});

describe('PaLM stream calls', () => {
  it('turn the whole reply into the events of a finished stream', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('reply.json'), framing)).toEqual([
      { type: 'start', id: '', model: '' },
      ...textBlock(0, answer),
      { type: 'stop', reason: 'end_turn' },
    ]);
  });

  it('turn a filtered reply into a filtered stop', async () => {
    expect(await decodeAtEveryCut(codec, fixtures.bytes('reply-filtered.json'), framing)).toEqual([
      { type: 'start', id: '', model: '' },
      { type: 'stop', reason: 'content_filter' },
    ]);
  });
});
