/**
 * The fake upstream's image, speech and rerank endpoints (OpenAI's images and audio APIs, and the
 * Jina/Cohere rerank shape that OpenAI-compatible rerankers serve), written from the providers' docs.
 */
import type { HandlerContext, RouteHandler } from './handlers.ts';
import { missingParameter, sendJson } from './handlers.ts';

/** The URL of fake image i (data URLs are not needed: clients only read the field). */
export const fakeImageUrl = (index: number) => `https://images.example/fake-${index}.png`;
/** What gpt-image-* models report. */
export const FAKE_IMAGE_USAGE = {
  input_tokens: 50,
  input_tokens_details: { text_tokens: 10, image_tokens: 40 },
  output_tokens: 4160,
  total_tokens: 4210,
};

const missing = (context: HandlerContext, name: string) => missingParameter(context, name, null);

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

export const FAKE_TRANSCRIPT = 'the quick brown fox jumps over the lazy dog';
/** What gpt-4o-transcribe models report. */
export const FAKE_TRANSCRIBE_USAGE = {
  type: 'tokens',
  input_tokens: 20,
  input_token_details: { audio_tokens: 20, text_tokens: 0 },
  output_tokens: 9,
  total_tokens: 29,
};

function audioReply(context: HandlerContext, text: string): void {
  const files = context.body.files as Record<string, unknown> | undefined;
  if (!files?.file) {
    sendJson(context.response, 400, {
      error: {
        message: "Missing required parameter: 'file'.",
        type: 'invalid_request_error',
        param: 'file',
        code: null,
      },
    });
    return;
  }
  const format = String(context.body.response_format ?? 'json');
  const model = String(context.body.model ?? '');
  if (format === 'text' || format === 'srt' || format === 'vtt') {
    const body =
      format === 'text'
        ? text
        : format === 'srt'
          ? `1\n00:00:00,000 --> 00:00:02,000\n${text}\n`
          : `WEBVTT\n\n00:00.000 --> 00:02.000\n${text}\n`;
    context.response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    context.response.end(body);
    return;
  }
  const usage = model.startsWith('gpt-4o')
    ? { usage: FAKE_TRANSCRIBE_USAGE }
    : { usage: { type: 'duration', seconds: 2 } };
  const verbose =
    format === 'verbose_json' ? { task: 'transcribe', language: 'english', duration: 2, segments: [] } : {};
  sendJson(context.response, 200, { ...verbose, text, ...usage });
}

export const transcriptions: RouteHandler = (context) => audioReply(context, FAKE_TRANSCRIPT);
export const translations: RouteHandler = (context) => audioReply(context, `translated: ${FAKE_TRANSCRIPT}`);

function imageReply(context: HandlerContext, needsPrompt: boolean): void {
  const files = context.body.files as Record<string, unknown> | undefined;
  if (!files?.image && !files?.['image[]']) {
    sendJson(context.response, 400, {
      error: {
        message: "Missing required parameter: 'image'.",
        type: 'invalid_request_error',
        param: 'image',
        code: null,
      },
    });
    return;
  }
  if (needsPrompt && missing(context, 'prompt')) return;
  const n = Number(context.body.n ?? 1);
  sendJson(context.response, 200, {
    created: Math.floor(Date.now() / 1000),
    data: Array.from({ length: n }, (_, index) => ({ url: fakeImageUrl(index) })),
  });
}

export const imageEdits: RouteHandler = (context) => imageReply(context, true);
export const imageVariations: RouteHandler = (context) => imageReply(context, false);
