import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { EventStreamReader, eventStreamToClaudeSse, frameToClaudeSse } from './event-stream.ts';
import { bedrockModelId, readBedrockKey } from './index.ts';
import { signAwsRequest } from './sigv4.ts';

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString('utf8'),
  (text) => new Uint8Array(Buffer.from(text)),
);

function frame(headers: Record<string, string>, payload: unknown): Uint8Array {
  return codec.encode({
    headers: Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name, { type: 'string', value }]),
    ),
    body: new Uint8Array(Buffer.from(JSON.stringify(payload))),
  });
}

function chunk(event: unknown): Uint8Array {
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  return frame({ ':event-type': 'chunk', ':message-type': 'event' }, { bytes });
}

describe("signAwsRequest signs what is sent as AWS's SigV4 signer does (the host, the encoded path, the body)", () => {
  it.each([
    ['/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke', '{"max_tokens":10}'],
    ['/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke-with-response-stream', '{"a":"ünïcode ✓"}'],
    ['/model/arn%3Aaws%3Abedrock%3Aus-east-1%3A123%3Ainference-profile%2Fx/invoke', ''],
  ])('%s', async (path, body) => {
    const credentials = {
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    };
    const now = new Date('2026-11-24T12:34:56Z');
    const request = {
      url: `https://bedrock-runtime.eu-west-3.amazonaws.com${path}`,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
    };
    await signAwsRequest(request, { ...credentials, region: 'eu-west-3', service: 'bedrock' }, now);
    const oracle = new SignatureV4({ credentials, region: 'eu-west-3', service: 'bedrock', sha256: Sha256 });
    const signed = await oracle.sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: 'bedrock-runtime.eu-west-3.amazonaws.com',
        path,
        query: {},
        headers: {
          host: 'bedrock-runtime.eu-west-3.amazonaws.com',
          'content-type': 'application/json',
          accept: 'application/json',
          'x-amz-content-sha256': request.headers[
            'x-amz-content-sha256' as keyof typeof request.headers
          ] as string,
        },
        body,
      },
      { signingDate: now },
    );
    expect(request.headers).toMatchObject({ authorization: signed.headers.authorization });
  });
});

describe('event streams', () => {
  it('read frames split anywhere across chunks', async () => {
    const events = [
      { type: 'message_start', message: { id: 'm', usage: { input_tokens: 3, output_tokens: 1 } } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'héllo' } },
      { type: 'message_stop' },
    ];
    const bytes = Buffer.concat(events.map((event) => chunk(event)));
    async function* pieces() {
      for (let offset = 0; offset < bytes.length; offset += 7) yield bytes.subarray(offset, offset + 7);
    }
    let text = '';
    for await (const piece of eventStreamToClaudeSse(pieces())) text += Buffer.from(piece).toString('utf8');
    expect(text).toBe(
      events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join(''),
    );
  });

  it('turn an exception frame into a Claude error event', () => {
    const reader = new EventStreamReader();
    const [exception] = reader.push(
      frame(
        { ':message-type': 'exception', ':exception-type': 'throttlingException' },
        { message: 'slow down' },
      ),
    );
    expect(frameToClaudeSse(exception!)).toBe(
      `event: error\ndata: ${JSON.stringify({ type: 'error', error: { type: 'throttlingException', message: 'slow down' } })}\n\n`,
    );
  });

  it('refuse a corrupted frame and a stream cut inside a frame', async () => {
    const bytes = Buffer.from(chunk({ type: 'message_stop' }));
    const corrupted = Buffer.from(bytes);
    corrupted.writeUInt8((corrupted.at(-6) ?? 0) ^ 0xff, corrupted.length - 6);
    expect(() => new EventStreamReader().push(corrupted)).toThrow(/checksum/);
    async function* cut() {
      yield bytes.subarray(0, bytes.length - 3);
    }
    await expect(async () => {
      for await (const _ of eventStreamToClaudeSse(cut())) {
        // drain
      }
    }).rejects.toThrow(/inside a frame/);
  });
});

describe('Bedrock keys and model ids', () => {
  it.each([
    ['AK|SK|us-east-1', { kind: 'sigv4', accessKeyId: 'AK', secretAccessKey: 'SK', region: 'us-east-1' }],
    [
      ' AK | SK | eu-central-1 ',
      { kind: 'sigv4', accessKeyId: 'AK', secretAccessKey: 'SK', region: 'eu-central-1' },
    ],
    ['ABSKbedrockapikey|us-west-2', { kind: 'api-key', apiKey: 'ABSKbedrockapikey', region: 'us-west-2' }],
    ['AK|SK|us-east-1|x', 'an AWS key is AccessKey|SecretKey|Region or APIKey|Region'],
    ['AK', 'an AWS key is AccessKey|SecretKey|Region or APIKey|Region'],
    ['AK|SK|mars', '"mars" is not an AWS region'],
  ])('%s', (key, expected) => {
    expect(readBedrockKey(key)).toEqual(expected);
  });

  it.each([
    ['claude-3-5-haiku-20241022', 'us-east-1', 'anthropic.claude-3-5-haiku-20241022-v1:0'],
    ['claude-3-5-sonnet-20241022', 'us-east-1', 'anthropic.claude-3-5-sonnet-20241022-v2:0'],
    ['claude-3-7-sonnet-20250219', 'us-west-2', 'us.anthropic.claude-3-7-sonnet-20250219-v1:0'],
    ['claude-sonnet-4-20250514', 'eu-central-1', 'eu.anthropic.claude-sonnet-4-20250514-v1:0'],
    ['claude-opus-4-1-20250805', 'ap-northeast-1', 'apac.anthropic.claude-opus-4-1-20250805-v1:0'],
    ['claude-sonnet-4-20250514', 'me-south-1', 'anthropic.claude-sonnet-4-20250514-v1:0'],
    ['us.anthropic.claude-sonnet-4-20250514-v1:0', 'eu-west-1', 'us.anthropic.claude-sonnet-4-20250514-v1:0'],
    [
      'arn:aws:bedrock:us-east-1:1:inference-profile/x',
      'us-east-1',
      'arn:aws:bedrock:us-east-1:1:inference-profile/x',
    ],
  ])('%s in %s → %s', (model, region, id) => {
    expect(bedrockModelId(model, region)).toBe(id);
  });
});
