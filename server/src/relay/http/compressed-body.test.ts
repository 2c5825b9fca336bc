import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bodyEncodingOf, DecodedBody } from './compressed-body.ts';

async function readAll(body: DecodedBody): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('bodyEncodingOf', () => {
  it.each([
    ['gzip', 'gzip'],
    [' GZIP ', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['br', 'br'],
    ['zstd', 'zstd'],
    ['identity', null],
    ['', null],
  ])('%j is %j', (header, encoding) => {
    expect(bodyEncodingOf(header)).toBe(encoding);
  });

  it.each(['compress', 'gzip, br', 'lz4'])('refuses %j with 415', (header) => {
    expect(() => bodyEncodingOf(header)).toThrow(expect.objectContaining({ statusCode: 415 }));
  });
});

describe('DecodedBody', () => {
  it('reads nothing of its source before it is read itself', async () => {
    const source = new PassThrough();
    source.end(gzipSync(Buffer.from('{"a":1}')));
    const body = new DecodedBody(source, 'gzip', 1024);
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.readableLength).toBeGreaterThan(0);
    expect((await readAll(body)).toString()).toBe('{"a":1}');
  });

  it('holds decoded and compressed bytes to the limit', async () => {
    const bomb = new PassThrough();
    bomb.end(gzipSync(Buffer.alloc(1 << 20)));
    await expect(readAll(new DecodedBody(bomb, 'gzip', 4096))).rejects.toMatchObject({ statusCode: 413 });
    const large = new PassThrough();
    large.end(Buffer.alloc(8192, 0x61));
    await expect(readAll(new DecodedBody(large, 'identity', 4096))).rejects.toMatchObject({
      statusCode: 413,
    });
  });

  it('fails with 415 for an unknown encoding and 400 for bytes that do not decode', async () => {
    const unknown = new PassThrough();
    unknown.end('x');
    await expect(readAll(new DecodedBody(unknown, 'compress', 1024))).rejects.toMatchObject({
      statusCode: 415,
    });
    const broken = new PassThrough();
    broken.end('not gzip');
    await expect(readAll(new DecodedBody(broken, 'gzip', 1024))).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('could not be decompressed (gzip)'),
    });
  });
});

describe('DecodedBody when its source goes away', () => {
  it('fails with 400 when the source closes before its end', async () => {
    const source = new PassThrough();
    source.write(gzipSync(Buffer.from('{"a":1}')).subarray(0, 5));
    const body = new DecodedBody(source, 'gzip', 1024);
    const read = readAll(body);
    setImmediate(() => source.destroy());
    await expect(read).rejects.toMatchObject({ statusCode: 400, message: 'the request body was cut off' });
  });
});
