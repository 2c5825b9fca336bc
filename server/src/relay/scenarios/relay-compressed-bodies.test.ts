/**
 * Compressed request bodies on the relay routes (server/src/relay/http/compressed-body.ts): gzip, deflate, br
 * and zstd bodies relayed and billed exactly as the same body uncompressed; the body limit applied to the
 * decoded bytes (a 1 GB bomb in ~1 MB refused with 413, nothing charged, nothing sent upstream); the key
 * checked before a byte is decoded; unknown encodings 415, undecodable bodies 400.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { ratioQuota } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

/** zstd as the reference encoder writes it (Debian's zstd package; Codex CLI sends such bodies). */
function zstdCompress(data: Buffer): Buffer {
  return execFileSync('zstd', ['-q', '-c', '-3'], { input: data, maxBuffer: 64 * 1024 * 1024 });
}

/**
 * A zstd frame that inflates to `blocks` × 128 KiB of one byte from 4 bytes a block (RLE blocks, RFC 8878
 * §3.1.1.2), declaring a 1 MiB window and no content size.
 */
function zstdBomb(blocks: number): Buffer {
  const header = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, (10 << 3) | 0]);
  const block = (last: boolean) => {
    const value = (last ? 1 : 0) | (1 << 1) | ((128 * 1024) << 3);
    return Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, 0x20]);
  };
  return Buffer.concat([
    header,
    ...Array.from({ length: blocks }, (_, index) => block(index === blocks - 1)),
  ]);
}

/** Decoded size of the multipart bomb: past the default body limit (32 MiB), a few KB compressed. */
const BOMB_BYTES = 64 * 1024 * 1024;

describe('compressed request bodies', () => {
  const { fixture } = setUpRelayFixture();

  beforeAll(async () => {
    await fixture.addChannel({ key: 'upstream-key-compressed' });
    await fixture.addChannel({ key: 'upstream-key-compressed-audio', models: 'whisper-1' });
  });

  const chatBody = (text: string) =>
    Buffer.from(JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: text }] }));

  const post = (path: string, body: Buffer, encoding: string, key = `sk-${fixture.token.key}`) =>
    fetch(`${fixture.server.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'content-encoding': encoding,
      },
      body,
    });

  const encoders: [string, (data: Buffer) => Buffer][] = [
    ['gzip', gzipSync],
    ['deflate', deflateSync],
    ['br', brotliCompressSync],
    ['zstd', zstdCompress],
  ];

  it.each(encoders)(
    'relays a %s body and charges exactly what the plain body costs',
    async (encoding, encode) => {
      const text = `hello compressed ${encoding} `.repeat(200);
      const plain = await fixture.charged(async () =>
        (await fixture.postWithKey('/v1/chat/completions', JSON.parse(chatBody(text).toString()))).json(),
      );
      const compressed = await fixture.charged(async () => {
        const reply = await post('/v1/chat/completions', encode(chatBody(text)), encoding);
        expect(reply.status).toBe(200);
        return (await reply.json()) as { usage: { prompt_tokens: number; completion_tokens: number } };
      });
      const usage = compressed.result.usage;
      const expected = ratioQuota(usage.prompt_tokens, usage.completion_tokens, 1.25, 4);
      expect(compressed.spent).toBe(expected);
      expect(compressed.spent).toBe(plain.spent);
      expect(compressed.log).toMatchObject({
        quota: expected,
        prompt_tokens: plain.log.prompt_tokens,
        completion_tokens: usage.completion_tokens,
      });
      const sent = fixture.upstream.requests.at(-1)!;
      expect((sent.body as { messages: { content: string }[] }).messages[0]!.content).toBe(text);
      expect(sent.headers['content-encoding']).toBeUndefined();
    },
  );

  it('decodes compressed bodies on the other client formats too (Claude Messages, gzip)', async () => {
    const body = Buffer.from(
      JSON.stringify({
        model: 'gpt-4o',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'hi from claude' }],
      }),
    );
    const { result, spent, log } = await fixture.charged(async () => {
      const reply = await post('/v1/messages', gzipSync(body), 'gzip');
      expect(reply.status).toBe(200);
      return (await reply.json()) as { usage: { input_tokens: number; output_tokens: number } };
    });
    expect(spent).toBe(ratioQuota(result.usage.input_tokens, result.usage.output_tokens, 1.25, 4));
    expect(log.quota).toBe(spent);
  });

  it('decodes a gzip multipart upload (a transcription), its file relayed byte for byte', async () => {
    const file = randomBytes(4096);
    const form = new FormData();
    form.append('model', 'whisper-1');
    form.append('file', new Blob([file], { type: 'audio/mpeg' }), 'speech.mp3');
    const encoded = new Response(form);
    const contentType = encoded.headers.get('content-type')!;
    const body = Buffer.from(await encoded.arrayBuffer());
    const { result, spent, log } = await fixture.charged(async () => {
      const reply = await fetch(`${fixture.server.url}/v1/audio/transcriptions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer sk-${fixture.token.key}`,
          'content-type': contentType,
          'content-encoding': 'gzip',
        },
        body: gzipSync(body),
      });
      expect(reply.status).toBe(200);
      return (await reply.json()) as { text: string };
    });
    expect(result.text.length).toBeGreaterThan(0);
    const sent = fixture.upstream.requests.at(-1)!.body as {
      files: Record<string, { size: number; sha256: string }>;
    };
    expect(sent.files.file).toMatchObject({
      size: file.length,
      sha256: createHash('sha256').update(file).digest('hex'),
    });
    expect(spent).toBe(log.quota);
    expect(spent).toBeGreaterThan(0);
  });

  it.each([
    [
      'gzip',
      () => {
        // gzip members concatenated decode as one stream (RFC 1952 §2.2): 16 × 64 MiB of spaces.
        const member = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20), { level: 9 });
        return Buffer.concat(Array.from({ length: 16 }, () => member));
      },
    ],
    ['zstd', () => zstdBomb(8192)],
  ])(
    'refuses a %s bomb (1 GiB from ~1 MB) with 413 once the decoded bytes pass the limit, charging nothing',
    async (encoding, makeBomb) => {
      const bomb = makeBomb();
      expect(bomb.length).toBeLessThan(1.5 * 1024 * 1024);
      const requestsBefore = fixture.upstream.requests.length;
      const before = await fixture.userQuota();
      const reply = await post('/v1/chat/completions', bomb, encoding);
      expect(reply.status).toBe(413);
      const error = ((await reply.json()) as { error: { code: string; message: string } }).error;
      expect(error.code).toBe('body_too_large');
      expect(await fixture.userQuota()).toBe(before);
      expect(fixture.upstream.requests.length).toBe(requestsBefore);
    },
  );

  it('refuses a gzip multipart upload that inflates past the body limit with 413, charging nothing', async () => {
    const boundary = 'bomb-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n` +
        'Content-Type: audio/mpeg\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const requestsBefore = fixture.upstream.requests.length;
    const before = await fixture.userQuota();
    const reply = await fetch(`${fixture.server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer sk-${fixture.token.key}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-encoding': 'gzip',
      },
      body: gzipSync(Buffer.concat([head, Buffer.alloc(BOMB_BYTES), tail])),
    });
    expect(reply.status).toBe(413);
    expect(fixture.upstream.requests.length).toBe(requestsBefore);
    expect(await fixture.userQuota()).toBe(before);
  });

  it('refuses a zstd frame that declares a window past the body limit before allocating it', async () => {
    // Window descriptor 0xF8: 2^(10+31) bytes; the frame has no blocks at all.
    const frame = Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xf8]);
    const reply = await post('/v1/chat/completions', frame, 'zstd');
    expect(reply.status).toBe(413);
    expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('body_too_large');
  });

  it('checks the key before decoding: a bad key gets 401 whatever the body or its encoding', async () => {
    for (const encoding of ['gzip', 'zstd', 'compress']) {
      const reply = await post(
        '/v1/chat/completions',
        Buffer.from('not compressed at all'),
        encoding,
        'sk-wrong',
      );
      expect(reply.status).toBe(401);
      expect(((await reply.json()) as { error: { code: string } }).error.code).toBe('invalid_api_key');
    }
    const claude = await post('/v1/messages', Buffer.from('junk'), 'br', 'sk-wrong');
    expect(claude.status).toBe(401);
  });

  it('refuses an unknown or stacked encoding with 415 and an undecodable body with 400, charging nothing', async () => {
    const before = await fixture.userQuota();
    for (const encoding of ['compress', 'gzip, br']) {
      const reply = await post('/v1/chat/completions', gzipSync(chatBody('x')), encoding);
      expect(reply.status).toBe(415);
      expect(((await reply.json()) as { error: { message: string } }).error.message).toContain(
        'Content-Encoding',
      );
    }
    for (const encoding of ['gzip', 'br', 'zstd']) {
      const reply = await post('/v1/chat/completions', Buffer.from('{"model":"gpt-4o"}'), encoding);
      expect(reply.status).toBe(400);
    }
    expect(await fixture.userQuota()).toBe(before);
  });

  it('takes identity as no encoding', async () => {
    const reply = await post('/v1/chat/completions', chatBody('plain identity'), 'identity');
    expect(reply.status).toBe(200);
  });
});
