/**
 * A fake AWS Bedrock runtime for integration tests: `POST /model/<modelId>/invoke` and
 * `/invoke-with-response-stream` for Anthropic models. Signatures are checked with AWS's own SigV4
 * implementation (@smithy/signature-v4, over the headers the request says it signed), or a Bedrock API
 * key as a Bearer token; streams are
 * AWS event streams encoded by AWS's own codec (@smithy/eventstream-codec): chunk events whose payload is
 * `{"bytes": base64(Claude stream event)}`, ending with Bedrock's invocation metrics.
 */
import type { ServerResponse } from 'node:http';
import { Sha256 } from '@aws-crypto/sha256-js';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { SignatureV4 } from '@smithy/signature-v4';
import { answerMessages, FAKE_CLAUDE_TEXT, FAKE_CLAUDE_USAGE } from './claude-upstream.ts';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_AWS = {
  accessKeyId: 'AKIAFAKEBEDROCK01',
  secretAccessKey: 'fake/secret+key0123456789',
  region: 'us-east-1',
};
export const FAKE_AWS_KEY = `${FAKE_AWS.accessKeyId}|${FAKE_AWS.secretAccessKey}|${FAKE_AWS.region}`;
/** Anthropic foundation models the control plane lists. */
export const FAKE_BEDROCK_MODELS = [
  'anthropic.claude-3-5-haiku-20241022-v1:0',
  'anthropic.claude-sonnet-4-20250514-v1:0',
];
/** A Bedrock API key (sent as a Bearer token instead of a signature). */
export const FAKE_BEDROCK_API_KEY = 'ABSKZmFrZS1iZWRyb2NrLWFwaS1rZXk=';

const ROUTE = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const toUtf8 = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');
const fromUtf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const codec = new EventStreamCodec(toUtf8, fromUtf8);

function awsError(response: ServerResponse, status: number, type: string, message: string): void {
  response.setHeader('x-amzn-errortype', type);
  sendJson(response, status, { message });
}

function parseAmzDate(value: string): Date {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
}

async function signatureProblem(
  request: RecordedVendorRequest,
  rawBody: string,
  url: string,
): Promise<string | null> {
  const authorization = String(request.headers.authorization ?? '');
  if (authorization === `Bearer ${FAKE_BEDROCK_API_KEY}`) return null;
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) return 'missing or malformed Authorization header';
  const [, accessKeyId, , region, service, signedHeaders = ''] = match;
  if (accessKeyId !== FAKE_AWS.accessKeyId) return 'The security token included in the request is invalid.';
  if (region !== FAKE_AWS.region || service !== 'bedrock')
    return `credential scope ${region}/${service} is wrong`;
  const headers: Record<string, string> = {};
  for (const name of signedHeaders.split(';')) headers[name] = String(request.headers[name] ?? '');
  const target = new URL(url);
  const signer = new SignatureV4({
    credentials: { accessKeyId: FAKE_AWS.accessKeyId, secretAccessKey: FAKE_AWS.secretAccessKey },
    region: FAKE_AWS.region,
    service: 'bedrock',
    sha256: Sha256,
  });
  const expected = await signer.sign(
    {
      method: request.method,
      protocol: 'http:',
      hostname: target.hostname,
      port: Number(target.port),
      path: new URL(request.path, url).pathname,
      query: Object.fromEntries(new URL(request.path, url).searchParams),
      headers,
      body: rawBody,
    },
    { signingDate: parseAmzDate(String(request.headers['x-amz-date'] ?? '')) },
  );
  return expected.headers.authorization === authorization
    ? null
    : 'The request signature we calculated does not match the signature you provided.';
}

function chunk(event: Record<string, unknown>): Uint8Array {
  const bytes = Buffer.from(JSON.stringify(event)).toString('base64');
  return codec.encode({
    headers: {
      ':event-type': { type: 'string', value: 'chunk' },
      ':content-type': { type: 'string', value: 'application/json' },
      ':message-type': { type: 'string', value: 'event' },
    },
    body: fromUtf8(JSON.stringify({ bytes, p: 'abcdefgh' })),
  });
}

function streamEvents(model: string): Record<string, unknown>[] {
  const words = FAKE_CLAUDE_TEXT.split(/(?= )/);
  return [
    {
      type: 'message_start',
      message: {
        id: 'msg_bdrk_01',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        usage: { ...FAKE_CLAUDE_USAGE, output_tokens: 1 },
      },
    },
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    ...words.map((text) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } })),
    { type: 'content_block_stop', index: 0 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: FAKE_CLAUDE_USAGE.output_tokens },
    },
    {
      type: 'message_stop',
      'amazon-bedrock-invocationMetrics': {
        inputTokenCount: FAKE_CLAUDE_USAGE.input_tokens,
        outputTokenCount: FAKE_CLAUDE_USAGE.output_tokens,
        invocationLatency: 100,
        firstByteLatency: 50,
      },
    },
  ];
}

export async function startFakeBedrock(): Promise<FakeVendor> {
  let url = '';
  const vendor = await startFakeVendor(async (request, response) => {
    if (request.method === 'GET' && request.path === '/foundation-models?byProvider=anthropic') {
      const problem = await signatureProblem(request, '', url);
      if (problem) return awsError(response, 403, 'UnrecognizedClientException', problem);
      sendJson(response, 200, {
        modelSummaries: FAKE_BEDROCK_MODELS.map((modelId) => ({ modelId, providerName: 'Anthropic' })),
      });
      return;
    }
    const match = ROUTE.exec(request.path);
    if (request.method !== 'POST' || !match) {
      awsError(response, 404, 'UnknownOperationException', `not found: ${request.path}`);
      return;
    }
    const problem = await signatureProblem(request, request.raw, url);
    if (problem) {
      awsError(response, 403, 'UnrecognizedClientException', problem);
      return;
    }
    const modelId = decodeURIComponent(match[1] ?? '');
    if (!modelId.startsWith('anthropic.') && !modelId.includes('.anthropic.')) {
      awsError(response, 400, 'ValidationException', `The provided model identifier is invalid: ${modelId}`);
      return;
    }
    if (request.body.anthropic_version !== 'bedrock-2023-05-31') {
      awsError(response, 400, 'ValidationException', 'anthropic_version: bedrock-2023-05-31 is required');
      return;
    }
    if (match[2] === 'invoke') {
      answerMessages(request, response, modelId, false);
      return;
    }
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    for (const event of streamEvents(modelId)) response.write(chunk(event));
    response.end();
  });
  url = vendor.url;
  return vendor;
}
