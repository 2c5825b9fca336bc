/**
 * The OpenAI routes with multipart bodies (docs/providers.md "Media"): `/v1/audio/transcriptions`,
 * `/v1/audio/translations`, `/v1/images/edits` and `/v1/images/variations`. The key is checked before the
 * body is read; the body is read by server/src/relay/http/multipart.ts (large files spill to disk), relayed
 * to the channel with the upstream's model, and its temporary files removed when the call ends.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { admitAndRelay } from '../call/admission.ts';
import type { RelayEndpoint } from '../providers/types.ts';
import { callerOf, keyFirst } from './auth.ts';
import { relayError } from './errors.ts';
import { imagePriceMultiplier } from './media.ts';
import { fieldValue, type MultipartBody, readMultipart } from './multipart.ts';

const ROUTES: [string, RelayEndpoint][] = [
  ['/v1/audio/transcriptions', 'transcriptions'],
  ['/v1/audio/translations', 'translations'],
  ['/v1/images/edits', 'image-edits'],
  ['/v1/images/variations', 'image-variations'],
];

/** The required parts of each route, checked before anything is reserved. */
function validate(endpoint: RelayEndpoint, body: MultipartBody, fields: Record<string, string>): string {
  const needsFile = endpoint === 'image-edits' ? 'image' : endpoint === 'image-variations' ? 'image' : 'file';
  if (!body.files.some((file) => file.field === needsFile || file.field === `${needsFile}[]`))
    throw relayError(400, 'invalid_request', `the ${needsFile} part is required`);
  if (endpoint === 'image-edits' && !fields.prompt)
    throw relayError(400, 'invalid_request', 'prompt is required');
  const model = (fields.model ?? '').trim();
  if (model) return model;
  // OpenAI's defaults: image variations and edits use dall-e-2; audio needs a model.
  if (endpoint === 'image-edits' || endpoint === 'image-variations') return 'dall-e-2';
  throw relayError(400, 'invalid_request', 'the request must name a model');
}

export async function registerMultipartRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  // The body stays a stream until the route reads it (after the key is checked).
  scope.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
  const openAiKeyFirst = keyFirst(context, 'openai');
  for (const [path, endpoint] of ROUTES) {
    scope.post(path, { preParsing: openAiKeyFirst }, async (request, reply) => {
      const caller = callerOf(request);
      const contentType = String(request.headers['content-type'] ?? '');
      if (!contentType.startsWith('multipart/form-data'))
        throw relayError(415, 'invalid_request', `${path} takes a multipart/form-data body`);
      const multipart = await readMultipart(
        request.body as Readable,
        contentType,
        context.config.maxRequestBodyBytes,
      );
      try {
        const fields = Object.fromEntries(multipart.fields);
        const model = validate(endpoint, multipart, fields);
        const n = Number(fieldValue(multipart, 'n') ?? 1);
        if (!Number.isInteger(n) || n < 1 || n > 10)
          throw relayError(400, 'invalid_request', 'n must be an integer from 1 to 10');
        const priced = endpoint === 'image-edits' || endpoint === 'image-variations';
        await admitAndRelay(
          context,
          request,
          reply,
          {
            endpoint,
            caller,
            body: { ...fields, model },
            model,
            multipart,
            ...(priced ? { priceMultiplier: imagePriceMultiplier(model, { ...fields, n }) } : {}),
          },
          fields.prompt ? () => fields.prompt ?? '' : undefined,
        );
        return reply;
      } finally {
        await multipart.dispose();
      }
    });
  }
}
