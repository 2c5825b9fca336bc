import { execFileSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readFrameHeader, ZstdDecoder, ZstdFrameScanner } from './zstd-decoder.ts';

function zstd(data: Buffer, ...flags: string[]): Buffer {
  return execFileSync('zstd', ['-q', '-c', ...flags], { input: data });
}

async function decode(compressed: Buffer, limit: number, chunkBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for (let at = 0; at < compressed.length; at += chunkBytes)
    chunks.push(compressed.subarray(at, at + chunkBytes));
  const output: Buffer[] = [];
  for await (const piece of Readable.from(chunks).pipe(new ZstdDecoder(limit))) output.push(piece as Buffer);
  return Buffer.concat(output);
}

describe('readFrameHeader', () => {
  it.each([
    // descriptor, rest of the header → window, content size, header length
    ['window descriptor only (1 MiB)', [0x00, 10 << 3], 1 << 20, null, 2],
    ['window with mantissa', [0x00, (10 << 3) | 4], (1 << 20) * 1.5, null, 2],
    ['single segment, 1-byte size', [0x20, 200], 200, 200, 2],
    ['2-byte size (+256)', [0x60, 0x00, 0x01], 512, 512, 3],
    ['4-byte size, single segment', [0xa0, 0x00, 0x00, 0x00, 0x02], 1 << 25, 1 << 25, 5],
    ['dictionary id of 4 bytes and a window', [0x03, 10 << 3, 1, 2, 3, 4], 1 << 20, null, 6],
  ])('%s', (_name, bytes, window, content, length) => {
    expect(readFrameHeader(Uint8Array.from(bytes), 0)).toEqual({
      windowBytes: window,
      contentBytes: content,
      headerBytes: length,
      checksum: false,
    });
  });

  it('is null until the header is whole, and refuses the reserved bit', () => {
    expect(readFrameHeader(Uint8Array.from([0xa0, 0, 0]), 0)).toBeNull();
    expect(() => readFrameHeader(Uint8Array.from([0x08, 0]), 0)).toThrow(/reserved/);
  });
});

describe('ZstdFrameScanner', () => {
  it('holds back a frame header split between chunks', () => {
    const scanner = new ZstdFrameScanner(1 << 20);
    const frame = zstd(Buffer.from('hello'));
    expect(scanner.scan(frame.subarray(0, 5))).toBe(0);
    expect(scanner.scan(frame)).toBe(frame.length);
  });

  it('refuses a frame that declares more content than the limit, or a window past it and 8 MiB', () => {
    const magic = [0x28, 0xb5, 0x2f, 0xfd];
    // Single segment, 4-byte content size of 4096.
    const sized = Uint8Array.from([...magic, 0xa0, 0x00, 0x10, 0x00, 0x00]);
    expect(() => new ZstdFrameScanner(1024).scan(sized)).toThrow(/4096 bytes of content/);
    expect(new ZstdFrameScanner(4096).scan(sized)).toBe(sized.length);
    // Window 2^(10+14) = 16 MiB.
    const wide = Uint8Array.from([...magic, 0x00, 14 << 3]);
    expect(() => new ZstdFrameScanner(1024).scan(wide)).toThrow(/16777216-byte window/);
    expect(new ZstdFrameScanner(32 << 20).scan(wide)).toBe(wide.length);
    expect(new ZstdFrameScanner(1024).scan(Uint8Array.from([...magic, 0x00, 13 << 3]))).toBe(6);
  });
});

describe('ZstdDecoder', () => {
  const text = Buffer.from(
    JSON.stringify({ messages: Array.from({ length: 500 }, (_, index) => `message ${index}`) }),
  );

  it.each([1, 7, 64, 100_000])(
    'decodes what the reference encoder wrote, fed %i bytes at a time',
    async (size) => {
      expect((await decode(zstd(text, '-19', '--check'), 1 << 20, size)).equals(text)).toBe(true);
    },
  );

  it('decodes several frames and skippable frames in a row', async () => {
    const skippable = Buffer.from([0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9]);
    const joined = Buffer.concat([zstd(text), skippable, zstd(Buffer.from('tail'))]);
    expect((await decode(joined, 1 << 20, 13)).toString()).toBe(`${text}tail`);
  });

  it('stops with 413 once the output passes the limit, and 400 on data that is not zstd', async () => {
    const streamed = execFileSync('zstd', ['-q', '-c', '--no-content-size'], {
      input: Buffer.alloc(1 << 20, 0x61),
    });
    await expect(decode(streamed, 100_000, 4096)).rejects.toMatchObject({ statusCode: 413 });
    await expect(decode(Buffer.from('{"plain":"json"}'), 1 << 20, 4)).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(decode(zstd(text).subarray(0, 40), 1 << 20, 8)).rejects.toMatchObject({ statusCode: 400 });
  });
});
