/**
 * What the relay surfaces of the non-OpenAI-chat client formats share (docs/formats.md): errors rendered
 * in the surface's own format, the body read as a JSON object, the client headers a same-vendor upstream
 * honours, and the hand-off of a conversation to admission (server/src/relay/call/admission.ts) and the
 * pipeline. The routes themselves live in server/src/relay/http/format-routes.ts and gemini-routes.ts.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { GatewayError } from '../../lib/errors.ts';
import { admitAndRelay } from '../call/admission.ts';
import { ConversationBody, codecFor } from '../call/conversion.ts';
import { isLargeBody, yieldToEventLoop } from '../call/large-body.ts';
import { checkConversationLimits } from '../call/request-limits.ts';
import type { ErrorDetails, WireFormat } from '../canonical/codec.ts';
import { isRecord } from '../canonical/helpers.ts';
import { countRequestTokens } from '../canonical/metering.ts';
import type { RelayCaller } from './auth.ts';
import { GATEWAY_ERROR_TYPE, relayError } from './errors.ts';

/** Client headers a same-vendor upstream honours. */
const FORWARDED_HEADERS = ['anthropic-version', 'anthropic-beta'] as const;

/** An error handler that renders every error of a scope in `format`, with the request id. */
export function errorRenderer(format: WireFormat) {
  const codec = codecFor(format);
  return errorRendererWith((details) => codec.errorBody(details));
}

/** An error handler that renders every error of a scope with `render` (Midjourney's own error shape …). */
export function errorRendererWith(render: (error: ErrorDetails) => unknown) {
  return (error: FastifyError | GatewayError, request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent || reply.raw.headersSent) return;
    let status: number;
    let message: string;
    let code: string;
    if (error instanceof GatewayError) {
      status = error.status;
      message = error.message;
      code = error.code;
      if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    } else {
      status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error({ err: error }, 'relay request failed');
      message =
        status === 413 ? 'the request body is too large' : status === 500 ? 'internal error' : error.message;
      code = status === 413 ? 'body_too_large' : 'invalid_request';
    }
    return reply.code(status).send(
      render({
        status,
        message: `${message} (request id: ${request.id})`,
        type: GATEWAY_ERROR_TYPE,
        code,
      }),
    );
  };
}

export function readBody(request: FastifyRequest): Record<string, unknown> {
  if (!isRecord(request.body))
    throw relayError(400, 'invalid_request', 'the request body must be a JSON object');
  return request.body;
}

export function bodyModel(body: Record<string, unknown>): string {
  return typeof body.model === 'string' ? body.model.trim() : '';
}

function forwardedHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string' && value) headers[name] = value;
  }
  return headers;
}

/**
 * The prompt tokens of a conversation (the free count_tokens / countTokens routes): its limits checked
 * before it is decoded (server/src/relay/call/request-limits.ts), decoding and counting in turns of their own
 * for a large body; counting is bounded by the per-request budget (server/src/relay/billing/tokens.ts).
 */
export async function countConversationTokens(
  request: FastifyRequest,
  conversation: ConversationBody,
): Promise<number> {
  checkConversationLimits(conversation.format, conversation.body);
  const large = isLargeBody(request);
  if (large) await yieldToEventLoop();
  const decoded = conversation.canonical();
  if (large) await yieldToEventLoop();
  return countRequestTokens(decoded, decoded.model);
}

export interface ConversationInput {
  format: WireFormat;
  body: Record<string, unknown>;
  model: string;
  stream: boolean;
  /** The channel that stores the response the call continues (RelayCall.storedAtChannelId). */
  storedAtChannelId?: number;
}

/**
 * Admits a conversation (server/src/relay/call/admission.ts: limits and the caller's floor before it is
 * decoded, which validates it) and relays it; the reply is written by the pipeline.
 */
export async function converse(
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
  await admitAndRelay(context, request, reply, {
    endpoint: 'chat',
    caller,
    body: input.body,
    model: input.model,
    conversation,
    stream: input.stream,
    clientHeaders: forwardedHeaders(request),
    ...(input.storedAtChannelId !== undefined ? { storedAtChannelId: input.storedAtChannelId } : {}),
  });
  return reply;
}
