/**
 * new-api's video submission (relay/common TaskSubmitReq: prompt, model, mode, image, images, size,
 * duration — a number or a numeric string —, seconds, input_reference, metadata — an object or a JSON
 * text of one) read from a client's JSON body and checked: a clear 400 before anything is reserved.
 */
import { isRecord } from '../../canonical/helpers.ts';
import { relayError } from '../../http/errors.ts';
import type { VideoRequest } from './platform.ts';

const MAX_SECONDS = 60;

function text(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw relayError(400, 'invalid_request', `${name} must be a string`);
  return value.trim();
}

function seconds(body: Record<string, unknown>): number {
  const raw = body.duration ?? body.seconds;
  if (raw === undefined || raw === null || raw === '') return 0;
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_SECONDS)
    throw relayError(
      400,
      'invalid_request',
      `duration must be a whole number of seconds from 1 to ${MAX_SECONDS}`,
    );
  return value;
}

function metadataOf(body: Record<string, unknown>): Record<string, unknown> {
  const raw = body.metadata;
  if (raw === undefined || raw === null || raw === '') return {};
  if (isRecord(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isRecord(parsed)) return parsed;
    } catch {
      // Answered below.
    }
  }
  throw relayError(400, 'invalid_request', 'metadata must be a JSON object');
}

function imagesOf(body: Record<string, unknown>): string[] {
  const images = body.images;
  if (
    images !== undefined &&
    images !== null &&
    !(Array.isArray(images) && images.every((i) => typeof i === 'string'))
  )
    throw relayError(400, 'invalid_request', 'images must be a list of strings');
  const list = [
    text(body, 'image'),
    ...((images as string[] | undefined) ?? []),
    text(body, 'input_reference'),
  ];
  return list.map((image) => image.trim()).filter((image) => image !== '');
}

/** The client's body as a video request; 400 when it is not one. */
export function readVideoRequest(body: Record<string, unknown>): VideoRequest {
  const model = text(body, 'model');
  if (!model) throw relayError(400, 'invalid_request', 'model is required');
  const prompt = text(body, 'prompt');
  const images = imagesOf(body);
  const metadata = metadataOf(body);
  const imageInMetadata = typeof metadata.image === 'string' && metadata.image !== '';
  // Image to video may go without a prompt; text to video cannot.
  if (!prompt && images.length === 0 && !imageInMetadata)
    throw relayError(400, 'invalid_request', 'prompt is required');
  return {
    model,
    prompt,
    mode: text(body, 'mode'),
    images,
    size: text(body, 'size'),
    duration: seconds(body),
    metadata,
    action: images.length > 0 || imageInMetadata ? 'generate' : 'textGenerate',
  };
}
