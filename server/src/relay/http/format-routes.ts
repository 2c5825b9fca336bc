/**
 * The relay surfaces of the other client formats (docs/formats.md): Anthropic Messages (`/v1/messages`,
 * `/v1/messages/count_tokens`, key in `x-api-key` or Bearer), OpenAI Responses (`/v1/responses`) and
 * Gemini (server/src/relay/http/gemini-routes.ts). Each lives in a scope of its own whose errors are rendered
 * in its format; the key is checked before anything else.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ConversationBody } from '../call/conversion.ts';
import { previousResponseId } from '../formats/openai-responses/codec.ts';
import { callerOf, checkModelAllowed, keyFirst, type RelayCaller } from './auth.ts';
import { relayError } from './errors.ts';
import { bodyModel, converse, countConversationTokens, errorRenderer, readBody } from './format-surface.ts';
import { registerGeminiRoutes } from './gemini-routes.ts';

async function registerClaude(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.setErrorHandler(errorRenderer('claude'));
  const claudeKeyFirst = { preParsing: keyFirst(context, 'claude') };
  scope.post('/v1/messages', claudeKeyFirst, async (request, reply) => {
    const caller = callerOf(request);
    const body = readBody(request);
    const input = { format: 'claude' as const, body, model: bodyModel(body), stream: body.stream === true };
    return converse(context, request, reply, input, caller);
  });
  scope.post('/v1/messages/count_tokens', claudeKeyFirst, async (request) => {
    const caller = callerOf(request);
    const body = readBody(request);
    const model = bodyModel(body);
    if (!model) throw relayError(400, 'invalid_request', 'the request must name a model');
    checkModelAllowed(caller, model);
    const conversation = new ConversationBody('claude', { max_tokens: 1, ...body }, { model, stream: false });
    return { input_tokens: await countConversationTokens(request, conversation) };
  });
}

/**
 * The channel that stores the response a call continues with `previous_response_id`: only a response the
 * caller's user created through this gateway is known (server/src/relay/routing/response-owners.ts);
 * any other id is refused with 400 before anything is priced.
 */
export async function storedResponseChannel(
  context: AppContext,
  caller: RelayCaller,
  body: Record<string, unknown>,
): Promise<number | undefined> {
  const previous = previousResponseId(body);
  if (previous === undefined) return undefined;
  const owner = await context.responseOwners.ownerOf(previous);
  if (!owner || owner.userId !== caller.user.id)
    throw relayError(
      400,
      'previous_response_not_found',
      `Previous response with id '${previous}' not found.`,
    );
  return owner.channelId;
}

/**
 * `POST /v1/responses`: the request carries the whole input, or continues a response this gateway relayed
 * for the same user (`previous_response_id`, sent to the channel that stores it).
 */
async function registerResponses(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.setErrorHandler(errorRenderer('openai-responses'));
  scope.post('/v1/responses', { preParsing: keyFirst(context, 'openai') }, async (request, reply) => {
    const caller = callerOf(request);
    const body = readBody(request);
    const storedAtChannelId = await storedResponseChannel(context, caller, body);
    const input = {
      format: 'openai-responses' as const,
      body,
      model: bodyModel(body),
      stream: body.stream === true,
      ...(storedAtChannelId !== undefined ? { storedAtChannelId } : {}),
    };
    return converse(context, request, reply, input, caller);
  });
}

/** Registers each format's routes in a scope of its own (its own error renderer). */
export async function registerFormatRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => registerClaude(scope, context));
  await app.register(async (scope) => registerResponses(scope, context));
  await app.register(async (scope) => registerGeminiRoutes(scope, context));
}
