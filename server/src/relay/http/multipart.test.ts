import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseMultipart } from '../../test-support/fake-upstream/multipart-body.ts';
import { encodeMultipart, fieldValue, MEMORY_FILE_BYTES, readMultipart } from './multipart.ts';

async function formBytes(form: FormData): Promise<{ bytes: Buffer; contentType: string }> {
  const response = new Response(form);
  return {
    bytes: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? '',
  };
}

/** Streams bytes in small pieces, as a socket would. */
function pieces(bytes: Buffer, size = 65_536): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
    })(),
  );
}

describe('readMultipart', () => {
  it('keeps small files in memory, spills large ones to disk, and re-encodes both byte for byte', async () => {
    const small = randomBytes(1000);
    const large = randomBytes(MEMORY_FILE_BYTES * 2 + 5);
    const form = new FormData();
    form.set('model', 'whisper-1');
    form.set('file', new Blob([large], { type: 'audio/mpeg' }), 'long.mp3');
    form.set('prompt', 'ünïcode prompt');
    form.set('extra', new Blob([small]), 'small.bin');
    const { bytes, contentType } = await formBytes(form);
    const body = await readMultipart(pieces(bytes), contentType, 64 * 1024 * 1024);
    expect(fieldValue(body, 'model')).toBe('whisper-1');
    expect(fieldValue(body, 'prompt')).toBe('ünïcode prompt');
    const [file, extra] = body.files;
    expect(file).toMatchObject({
      field: 'file',
      filename: 'long.mp3',
      contentType: 'audio/mpeg',
      size: large.length,
    });
    expect(file?.path && readFileSync(file.path).equals(large)).toBe(true);
    expect(extra?.buffer?.equals(small)).toBe(true);

    const encoded = encodeMultipart(
      [['model', 'mapped-model'], ...body.fields.filter(([name]) => name !== 'model')],
      body.files,
    );
    const chunks: Buffer[] = [];
    for await (const chunk of encoded.open()) chunks.push(Buffer.from(chunk));
    const resent = Buffer.concat(chunks);
    expect(resent.length).toBe(encoded.length);
    const parsed = parseMultipart(resent, encoded.contentType);
    expect(parsed).toMatchObject({
      fields: { model: 'mapped-model', prompt: 'ünïcode prompt' },
      files: { file: { size: large.length, filename: 'long.mp3' }, extra: { size: small.length } },
    });
    await body.dispose();
    expect(existsSync(file!.path!)).toBe(false);
  });

  it('refuses a body over the limit (413) and a malformed one (400), leaving no files behind', async () => {
    const form = new FormData();
    form.set('file', new Blob([randomBytes(MEMORY_FILE_BYTES * 3)]), 'big.bin');
    const { bytes, contentType } = await formBytes(form);
    await expect(readMultipart(pieces(bytes), contentType, MEMORY_FILE_BYTES * 2)).rejects.toMatchObject({
      status: 413,
    });
    await expect(
      readMultipart(pieces(Buffer.from('garbage')), 'multipart/form-data', 1000),
    ).rejects.toMatchObject({
      status: 400,
    });
  });

  it('gives up on an upload cut off mid-file, leaving no temporary file behind', async () => {
    const form = new FormData();
    form.set('file', new Blob([randomBytes(MEMORY_FILE_BYTES * 2)]), 'big.bin');
    const { bytes, contentType } = await formBytes(form);
    const cut = new Readable({ read() {} });
    cut.push(bytes.subarray(0, MEMORY_FILE_BYTES + 4096));
    const root = mkdtempSync(join(tmpdir(), 'multipart-test-'));
    const reading = readMultipart(cut, contentType, 64 * 1024 * 1024, root);
    setTimeout(() => cut.destroy(), 50);
    await expect(reading).rejects.toMatchObject({ status: 400 });
    expect(readdirSync(root)).toEqual([]);
    rmSync(root, { recursive: true, force: true });
  });
});
