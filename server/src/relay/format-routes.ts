/**
 * The relay surfaces of the other client formats (docs/formats.md): Anthropic Messages (`/v1/messages`,
 * `/v1/messages/count_tokens`, key in `x-api-key` or Bearer), OpenAI Responses (`/v1/responses`) and
 * Gemini (server/src/relay/gemini-routes.ts). Each lives in a scope of its own whose errors are rendered
 * in its format; the key is checked before anything else.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { callerOf, checkModelAllowed, keyFirst } from './auth.ts';
import { countRequestTokens } from './canonical/metering.ts';
import { ConversationBody } from './conversion.ts';
import { relayError } from './errors.ts';
import { bodyModel, converse, errorRenderer, readBody } from './format-surface.ts';
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
    return { input_tokens: countRequestTokens(conversation.canonical(), model) };
  });
}

/**
 * `POST /v1/responses`, stateless: the request carries the whole input. A `previous_response_id` passes
 * through to an OpenAI channel and is refused (400) for any other (server/src/relay/relay-call.ts).
 */
async function registerResponses(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.setErrorHandler(errorRenderer('openai-responses'));
  scope.post('/v1/responses', { preParsing: keyFirst(context, 'openai') }, async (request, reply) => {
    const caller = callerOf(request);
    const body = readBody(request);
    const input = {
      format: 'openai-responses' as const,
      body,
      model: bodyModel(body),
      stream: body.stream === true,
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
