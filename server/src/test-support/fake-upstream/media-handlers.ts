/**
 * The fake upstream's image, speech and rerank endpoints (OpenAI's images and audio APIs, and the
 * Jina/Cohere rerank shape that OpenAI-compatible rerankers serve), written from the providers' docs.
 */
import type { HandlerContext, RouteHandler } from './handlers.ts';
import { sendJson } from './handlers.ts';

/** The URL of fake image i (data URLs are not needed: clients only read the field). */
export const fakeImageUrl = (index: number) => `https://images.example/fake-${index}.png`;
/** What gpt-image-* models report. */
export const FAKE_IMAGE_USAGE = {
  input_tokens: 50,
  input_tokens_details: { text_tokens: 10, image_tokens: 40 },
  output_tokens: 4160,
  total_tokens: 4210,
};

function missing(context: HandlerContext, name: string): boolean {
  if (context.body[name] !== undefined) return false;
  sendJson(context.response, 400, {
    error: {
      message: `Missing required parameter: '${name}'.`,
      type: 'invalid_request_error',
      param: name,
      code: null,
    },
  });
  return true;
}

export const imageGenerations: RouteHandler = (context) => {
  if (missing(context, 'prompt')) return;
  const n = typeof context.body.n === 'number' ? context.body.n : 1;
  const model = String(context.body.model ?? 'dall-e-2');
  const base64 = context.body.response_format === 'b64_json' || model.startsWith('gpt-image');
  const data = Array.from({ length: n }, (_, index) =>
    base64
      ? { b64_json: Buffer.from(`fake image ${index}`).toString('base64') }
      : { url: fakeImageUrl(index) },
  );
  sendJson(context.response, 200, {
    created: Math.floor(Date.now() / 1000),
    data,
    ...(model.startsWith('gpt-image') ? { usage: FAKE_IMAGE_USAGE } : {}),
  });
};

/** Fake audio: an MP3-looking header and the input's bytes, in three writes. */
export function fakeSpeech(input: string): Buffer {
  return Buffer.concat([Buffer.from('ID3fake-audio:'), Buffer.from(input)]);
}

export const speech: RouteHandler = async (context) => {
  if (missing(context, 'input') || missing(context, 'voice')) return;
  const audio = fakeSpeech(String(context.body.input));
  const format = String(context.body.response_format ?? 'mp3');
  context.response.writeHead(200, { 'content-type': format === 'mp3' ? 'audio/mpeg' : `audio/${format}` });
  const third = Math.ceil(audio.length / 3);
  for (let offset = 0; offset < audio.length; offset += third)
    context.response.write(audio.subarray(offset, offset + third));
  context.response.end();
};

export const rerank: RouteHandler = (context) => {
  if (missing(context, 'query') || missing(context, 'documents')) return;
  const documents = Array.isArray(context.body.documents) ? context.body.documents : [];
  const topN = typeof context.body.top_n === 'number' ? context.body.top_n : documents.length;
  const results = documents
    .map((document, index) => ({
      index,
      relevance_score: 1 / (index + 1),
      document: {
        text: String(typeof document === 'string' ? document : (document as { text?: unknown }).text),
      },
    }))
    .slice(0, topN);
  const words = [String(context.body.query), ...results.map((result) => result.document.text)]
    .join(' ')
    .split(/\s+/).length;
  sendJson(context.response, 200, { model: context.body.model, results, usage: { total_tokens: words } });
};
