/**
 * The relay surfaces of the other client formats (docs/formats.md): Anthropic Messages (`/v1/messages`
 * and `/v1/messages/count_tokens`, key in `x-api-key` or Bearer). The key is checked first; every error is
 * rendered in the surface's own format. (OpenAI Responses and Gemini follow with their codecs.)
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { GatewayError } from '../lib/errors.ts';
import { authenticateKey, checkModelAllowed, type KeySurface, type RelayCaller } from './auth.ts';
import type { WireFormat } from './canonical/codec.ts';
import { isRecord } from './canonical/helpers.ts';
import { countRequestTokens, requestText } from './canonical/metering.ts';
import { ConversationBody, codecFor } from './conversion.ts';
import { GATEWAY_ERROR_TYPE, relayError } from './errors.ts';
import { runRelay } from './pipeline.ts';
import { findSensitiveWord, promptCheckEnabled } from './sensitive.ts';

/** Client headers a same-vendor upstream honours. */
const FORWARDED_HEADERS = ['anthropic-version', 'anthropic-beta'] as const;

function errorRenderer(format: WireFormat) {
  const codec = codecFor(format);
  return (error: FastifyError | GatewayError, request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent || reply.raw.headersSent) return;
    let status: number;
    let message: string;
    let code: string;
    if (error instanceof GatewayError) {
      status = error.status;
      message = error.message;
      code = error.code;
    } else {
      status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'relay request failed');
      message =
        status === 413 ? 'the request body is too large' : status === 500 ? 'internal error' : error.message;
      code = status === 413 ? 'body_too_large' : 'invalid_request';
    }
    return reply.code(status).send(
      codec.errorBody({
        status,
        message: `${message} (request id: ${request.id})`,
        type: GATEWAY_ERROR_TYPE,
        code,
      }),
    );
  };
}

function readBody(request: FastifyRequest): Record<string, unknown> {
  if (!isRecord(request.body))
    throw relayError(400, 'invalid_request', 'the request body must be a JSON object');
  return request.body;
}

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && value) headers[name] = value;
  }
  return headers;
}

interface ConversationInput {
  format: WireFormat;
  surface: KeySurface;
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
}

function admit(
  context: AppContext,
  caller: RelayCaller,
  conversation: ConversationBody,
  model: string,
): void {
  checkModelAllowed(caller, model);
  if (promptCheckEnabled(context.options)) {
    const word = findSensitiveWord(
      requestText(conversation.canonical()),
      context.options.get('SensitiveWords'),
    );
    if (word)
      throw relayError(400, 'sensitive_words_detected', `the prompt contains a sensitive word: ${word}`);
  }
  const limited = context.modelRateLimiter.admit(caller.user.id);
  if (limited) throw relayError(429, 'model_request_rate_limited', `request rate limit reached: ${limited}`);
}

async function converse(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: ConversationInput,
  caller: RelayCaller,
): Promise<FastifyReply> {
  if (!input.model) throw relayError(400, 'invalid_request', 'the request must name a model');
  const conversation = new ConversationBody(input.format, input.body, {
    model: input.model,
    stream: input.stream,
  });
  // Decoding validates the body: a malformed request is refused before anything is reserved.
  conversation.canonical();
  admit(context, caller, conversation, input.model);
  await runRelay(context, request, reply, {
    endpoint: 'chat',
    caller,
    body: input.body,
    model: input.model,
    conversation,
    stream: input.stream,
    clientHeaders: forwardedHeaders(request),
  });
  return reply;
}

async function registerClaude(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.setErrorHandler(errorRenderer('claude'));
  scope.post('/v1/messages', async (request, reply) => {
    const caller = authenticateKey(context, request, 'claude');
    const body = readBody(request);
    return converse(
      context,
      request,
      reply,
      {
        format: 'claude',
        surface: 'claude',
        body,
        model: typeof body.model === 'string' ? body.model.trim() : '',
        stream: body.stream === true,
      },
      caller,
    );
  });
  scope.post('/v1/messages/count_tokens', async (request) => {
    const caller = authenticateKey(context, request, 'claude');
    const body = readBody(request);
    const model = typeof body.model === 'string' ? body.model.trim() : '';
    if (!model) throw relayError(400, 'invalid_request', 'the request must name a model');
    checkModelAllowed(caller, model);
    const conversation = new ConversationBody('claude', { max_tokens: 1, ...body }, { model, stream: false });
    return { input_tokens: countRequestTokens(conversation.canonical(), model) };
  });
}

/** Registers each format's routes in a scope of its own (its own error renderer). */
export async function registerFormatRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => registerClaude(scope, context));
}
