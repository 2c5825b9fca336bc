/**
 * The Gemini surface (docs/formats.md): `GET /v1beta/models[/<model>]` (also answered on /v1/models for a
 * Gemini client: server/src/relay/http/model-routes.ts), and
 * `POST /v1beta/models/<model>:<action>` (also under `/v1/models/`) with the actions generateContent,
 * streamGenerateContent (`?alt=sse`), countTokens, embedContent and batchEmbedContents. The key comes in
 * `x-goog-api-key`, `?key=` or Bearer; errors are Gemini's `{"error": {code, message, status}}`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { admitAndRelay } from '../call/admission.ts';
import { ConversationBody } from '../call/conversion.ts';
import { checkGeminiBatchLimits } from '../call/request-limits.ts';
import { isRecord } from '../canonical/helpers.ts';
import {
  geminiCountTokensReply,
  geminiEmbedRequestToOpenAi,
  openAiEmbedReplyToGemini,
} from '../formats/gemini/codec.ts';
import { authenticateKey, callerOf, checkModelAllowed, keyFirst, type RelayCaller } from './auth.ts';
import { relayError } from './errors.ts';
import { converse, countConversationTokens, errorRenderer, readBody } from './format-surface.ts';
import { geminiModel, geminiModelList } from './model-routes.ts';

/** `gemini-2.5-flash:generateContent` (the path after `models/`) as model and action. */
export function parseModelAction(path: string): { model: string; action: string } {
  const cut = path.lastIndexOf(':');
  const model = (cut < 0 ? path : path.slice(0, cut)).replace(/^models\//, '').trim();
  const action = cut < 0 ? '' : path.slice(cut + 1);
  if (!model) throw relayError(400, 'invalid_request', 'the path must name a model: models/<model>:<action>');
  return { model, action };
}

async function countTokens(
  request: FastifyRequest,
  caller: RelayCaller,
  model: string,
  body: Record<string, unknown>,
) {
  checkModelAllowed(caller, model);
  // countTokens takes `contents` or a whole `generateContentRequest`.
  const inner = isRecord(body.generateContentRequest) ? body.generateContentRequest : body;
  return geminiCountTokensReply(
    await countConversationTokens(request, new ConversationBody('gemini', inner, { model, stream: false })),
  );
}

async function embed(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: RelayCaller,
  model: string,
  batch: boolean,
): Promise<FastifyReply> {
  const geminiBody = readBody(request);
  if (batch) checkGeminiBatchLimits(geminiBody);
  const body = geminiEmbedRequestToOpenAi(geminiBody, model);
  await admitAndRelay(context, request, reply, {
    endpoint: 'embeddings',
    caller,
    body: { ...body },
    model,
    surface: { format: 'gemini', convertReply: (upstream) => openAiEmbedReplyToGemini(upstream, batch) },
  });
  return reply;
}

export async function registerGeminiRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.setErrorHandler(errorRenderer('gemini'));

  // The same answers as /v1/models for a Gemini client (server/src/relay/http/model-routes.ts).
  scope.get('/v1beta/models', async (request) =>
    geminiModelList(context, authenticateKey(context, request, 'gemini')),
  );

  scope.get('/v1beta/models/:model', async (request) => {
    const caller = authenticateKey(context, request, 'gemini');
    const { model } = parseModelAction((request.params as { model: string }).model);
    return geminiModel(context, caller, model);
  });

  const act = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = callerOf(request);
    const { model, action } = parseModelAction((request.params as Record<string, string>)['*'] ?? '');
    switch (action) {
      case 'generateContent':
      case 'streamGenerateContent': {
        const stream = action === 'streamGenerateContent';
        if (stream && (request.query as Record<string, unknown>).alt !== 'sse')
          throw relayError(
            400,
            'invalid_request',
            'streamGenerateContent is served as server-sent events: add ?alt=sse',
          );
        return converse(
          context,
          request,
          reply,
          { format: 'gemini', body: readBody(request), model, stream },
          caller,
        );
      }
      case 'countTokens':
        return countTokens(request, caller, model, readBody(request));
      case 'embedContent':
      case 'batchEmbedContents':
        return embed(context, request, reply, caller, model, action === 'batchEmbedContents');
      default:
        throw relayError(
          404,
          'not_found',
          `the action "${action}" is not served: use generateContent, streamGenerateContent, countTokens, embedContent or batchEmbedContents`,
        );
    }
  };
  const geminiKeyFirst = { preParsing: keyFirst(context, 'gemini') };
  scope.post('/v1beta/models/*', geminiKeyFirst, act);
  scope.post('/v1/models/*', geminiKeyFirst, act);
}
