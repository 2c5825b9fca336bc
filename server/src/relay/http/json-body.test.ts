import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readJsonBody } from './json-body.ts';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES } from './json-shape.ts';

/** Feeds `chunks` to readJsonBody as a request body and resolves what it answers. */
function read(
  chunks: Buffer[],
  limit = 1024 * 1024,
): Promise<{ error: (Error & { statusCode?: number }) | null; value?: unknown }> {
  return new Promise((resolve) => {
    const body = new PassThrough();
    readJsonBody(body, limit, {}, (error, value) => resolve({ error, value }));
    for (const chunk of chunks) body.write(chunk);
    body.end();
  });
}

const text = JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: '你好, señor 👋' }] });
const bytes = Buffer.from(text, 'utf8');

describe('readJsonBody', () => {
  it.each([
    ['one chunk', [bytes]],
    ['two chunks', [bytes.subarray(0, 10), bytes.subarray(10)]],
    // Splits inside the multi-byte characters (a 3-byte CJK character and a 4-byte emoji).
    [
      'a split inside a CJK character',
      [bytes.subarray(0, bytes.indexOf(0xe4) + 1), bytes.subarray(bytes.indexOf(0xe4) + 1)],
    ],
    [
      'a split inside an emoji, in three chunks',
      [
        bytes.subarray(0, bytes.indexOf(0xf0) + 2),
        bytes.subarray(bytes.indexOf(0xf0) + 2, bytes.indexOf(0xf0) + 3),
        bytes.subarray(bytes.indexOf(0xf0) + 3),
      ],
    ],
    ['one byte per chunk', [...bytes].map((byte) => Buffer.from([byte]))],
  ])('decodes and parses a body sent as %s', async (_name, chunks) => {
    const { error, value } = await read(chunks);
    expect(error).toBeNull();
    expect(value).toEqual(JSON.parse(text));
  });

  it.each([
    ['an empty body', [], 400, 'the request body is empty'],
    ['a body that is not JSON', [Buffer.from('{"model":')], 400, 'the request body is not valid JSON'],
    [
      'a body over the limit',
      [Buffer.alloc(40, 0x20), Buffer.alloc(40, 0x20)],
      413,
      'the request body is too large',
    ],
  ])('refuses %s', async (_name, chunks, status, message) => {
    const { error } = await read(chunks, 64);
    expect(error?.statusCode).toBe(status);
    expect(error?.message).toBe(message);
  });

  it('replaces invalid UTF-8 with U+FFFD, as a decoder does, whether the body comes in one chunk or several', async () => {
    const invalid = Buffer.concat([Buffer.from('{"text":"a'), Buffer.from([0xff, 0xc3]), Buffer.from('b"}')]);
    const whole = await read([invalid]);
    const split = await read([invalid.subarray(0, 11), invalid.subarray(11)]);
    expect(whole.value).toEqual({ text: 'a\uFFFD\uFFFDb' });
    expect(split.value).toEqual(whole.value);
  });

  /** `text` in chunks of 64 KiB, as a socket delivers a large body. */
  const chunked = (body: string) => {
    const all = Buffer.from(body);
    const chunks: Buffer[] = [];
    for (let start = 0; start < all.length; start += 65_536) chunks.push(all.subarray(start, start + 65_536));
    return chunks;
  };

  it('refuses a body of more JSON values than allowed before parsing it, in one chunk or several', async () => {
    const tiny = JSON.stringify({
      model: 'm',
      messages: Array.from({ length: MAX_JSON_VALUES / 2 }, () => [0]),
    });
    for (const chunks of [[Buffer.from(tiny)], chunked(tiny)]) {
      const { error } = await read(chunks, 64 * 1024 * 1024);
      expect(error?.statusCode).toBe(400);
      expect(error?.message).toBe(
        `the request body holds more than ${MAX_JSON_VALUES} JSON values; send fewer messages, parts or inputs per request`,
      );
    }
  });

  it('refuses a body nested deeper than allowed (JSON.stringify could not walk it), and takes one at the bound', async () => {
    const nested = (depth: number) => `{"model":"m","x":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
    for (const chunks of [[Buffer.from(nested(MAX_JSON_DEPTH + 1))], chunked(nested(20_000))]) {
      const { error } = await read(chunks);
      expect(error?.statusCode).toBe(400);
      expect(error?.message).toBe(
        `the request body nests JSON values more than ${MAX_JSON_DEPTH} levels deep`,
      );
    }
    const { error, value } = await read([Buffer.from(nested(MAX_JSON_DEPTH))]);
    expect(error).toBeNull();
    expect(() => JSON.stringify(value)).not.toThrow();
  });
});
