import { describe, expect, it } from 'vitest';
import {
  DETACHED_STRING_CHARACTERS,
  detachLongStrings,
  encodeInSlices,
  SLICE_CHARACTERS,
} from './large-body.ts';

const long = (unit: string, characters = DETACHED_STRING_CHARACTERS * 3) =>
  unit.repeat(Math.ceil(characters / unit.length));

/** Serializes like an adaptor (JSON.stringify of what it is given) and encodes in slices, counting turns. */
async function encode(body: Record<string, unknown>): Promise<{ bytes: Buffer; turns: number }> {
  const detached = detachLongStrings(body);
  let turns = 0;
  const bytes = await encodeInSlices(JSON.stringify(detached?.skeleton ?? body), detached, async () => {
    turns += 1;
  });
  return { bytes, turns };
}

describe('encoding a large body in slices', () => {
  it.each([
    ['one long ASCII message', { model: 'm', messages: [{ role: 'user', content: long('a') }] }],
    ['quotes, backslashes, newlines and control characters', { input: long('"\\\n\u0001x</') }],
    ['CJK and emoji (surrogate pairs at every slice boundary)', { input: long('漢😀') }],
    ['a lone surrogate', { input: `${long('b')}\ud800${long('c')}` }],
    [
      'long strings nested in arrays and objects, and short ones left in place',
      {
        messages: [
          { role: 'system', content: 'short' },
          {
            role: 'user',
            content: [
              { type: 'text', text: long('xy ') },
              { type: 'text', text: 'hi' },
            ],
          },
          { role: 'assistant', tool_calls: [{ function: { arguments: long('{"a":1}') } }] },
        ],
        n: 1,
        stream: false,
        stop: null,
      },
    ],
    ['a long key and a __proto__ key', JSON.parse(`{"__proto__": {"${long('k')}": "${long('v')}"}}`)],
  ])('gives the bytes of JSON.stringify: %s', async (_name, body: Record<string, unknown>) => {
    const { bytes } = await encode(body);
    expect(bytes.equals(Buffer.from(JSON.stringify(body)))).toBe(true);
  });

  it('takes a turn per slice, so no step costs more than one slice', async () => {
    const body = { input: long('a', SLICE_CHARACTERS * 8) };
    const { bytes, turns } = await encode(body);
    expect(bytes.length).toBe(JSON.stringify(body).length);
    expect(turns).toBeGreaterThanOrEqual(8);
  });

  it('detaches nothing from a body of short strings', () => {
    expect(detachLongStrings({ model: 'm', messages: [{ role: 'user', content: 'a'.repeat(1000) }] })).toBe(
      null,
    );
  });

  it('leaves a client string that imitates a placeholder as it is', async () => {
    const body = { a: long('z'), b: 'switchyard-detached-00000000-0000-0000-0000-000000000000-0' };
    const { bytes } = await encode(body);
    expect(bytes.toString()).toBe(JSON.stringify(body));
  });

  it('splices a placeholder wherever the adaptor moved it (a field dropped, another added)', async () => {
    const body = { model: 'm', stream: true, contents: [{ text: long('g') }] };
    const detached = detachLongStrings(body);
    const { model: _model, stream: _stream, ...content } = detached!.skeleton;
    const json = JSON.stringify({ extra: 1, ...content });
    const bytes = await encodeInSlices(json, detached, async () => undefined);
    expect(bytes.toString()).toBe(JSON.stringify({ extra: 1, contents: body.contents }));
  });
});
