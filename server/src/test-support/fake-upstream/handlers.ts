/**
 * The fake upstream's route handlers. Streams are written one chunk at a time with backpressure,
 * so a long slow stream keeps constant memory; every wait is abortable by the client closing.
 */

import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatSseData, SSE_DONE } from '../../lib/sse.ts';
import type { Usage } from '../../relay/formats/openai/openai-types.ts';
import { messagesText, promptText } from '../../relay/formats/openai/request.ts';
import { openAiChatRefusal } from '../strict/openai-strict.ts';
import type { ResolvedBehavior } from './behavior.ts';
import {
  ChatStreamChunks,
  CompletionStreamChunks,
  chatCompletionBody,
  completionBody,
  type JsonObject,
  planReply,
  type ReplyIdentity,
  type ReplyPlan,
} from './replies.ts';
import {
  billingSubscriptionBody,
  billingUsageBody,
  embeddingBody,
  modelListBody,
  moderationBody,
} from './resource-replies.ts';
import { structuredChatReply } from './structured-replies.ts';
import { plannedToolCall, toolCallBody, toolCallChunks } from './tool-replies.ts';

/** What the fake remembers of one request; tests read it from `upstream.requests`. */
export interface RecordedRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Node's lower-cased headers, including authorization and api-key. */
  headers: Record<string, string | string[] | undefined>;
  /** The key sent: the Bearer token of Authorization, else the api-key header. */
  apiKey: string | undefined;
  /** The parsed JSON body (the raw text when it was not JSON; undefined when empty). */
  body: unknown;
  /** The deployment of an Azure-style path. */
  deployment?: string;
  /** The usage the fake computed for its reply, whether or not it was sent. */
  usage?: Usage;
  /** Content chunks written so far (streams). */
  chunksSent: number;
  /** The client closed the connection before the fake finished its reply. */
  closedByClient: boolean;
  receivedAt: number;
}

export interface HandlerContext {
  response: ServerResponse;
  record: RecordedRequest;
  body: JsonObject;
  behavior: ResolvedBehavior;
  /** Aborted when the connection closes. */
  signal: AbortSignal;
  identity: (prefix: string) => ReplyIdentity;
  /** Closes the connection abruptly after flushing what was written. */
  drop: () => void;
}

export type RouteHandler = (context: HandlerContext) => Promise<void> | void;

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function modelFor(context: HandlerContext): string {
  const requested = typeof context.body.model === 'string' ? context.body.model : undefined;
  return context.behavior.model ?? requested ?? context.record.deployment ?? 'unknown';
}

function wantsStream(body: JsonObject): boolean {
  return body.stream === true;
}

function wantsUsage(body: JsonObject): boolean {
  const options = body.stream_options;
  return typeof options === 'object' && options !== null && (options as JsonObject).include_usage === true;
}

async function write(context: HandlerContext, text: string): Promise<void> {
  if (!context.response.write(text)) await once(context.response, 'drain', { signal: context.signal });
}

interface StreamChunks {
  role(): string | undefined;
  content(index: number): string;
  finish(): string;
  usage(): string | undefined;
}

/** Writes a stream; returns early (leaving the connection open or dropped) as the behaviour says. */
async function writeStream(context: HandlerContext, plan: ReplyPlan, chunks: StreamChunks): Promise<void> {
  const { response, behavior, record } = context;
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-request-id': context.identity('req').id,
  });
  const stopsAt = (sent: number): boolean => {
    if (behavior.dropAfterChunks === sent) {
      context.drop();
      return true;
    }
    return behavior.stallAfterChunks === sent;
  };
  const role = chunks.role();
  if (role !== undefined) await write(context, formatSseData(role));
  for (let index = 0; index < plan.contentChunks; index += 1) {
    if (stopsAt(index)) return;
    if (behavior.chunkDelayMs > 0) await sleep(behavior.chunkDelayMs, undefined, { signal: context.signal });
    await write(context, formatSseData(chunks.content(index)));
    record.chunksSent += 1;
  }
  if (stopsAt(plan.contentChunks)) return;
  await write(context, formatSseData(chunks.finish()));
  const usage = behavior.omitUsage ? undefined : chunks.usage();
  if (usage !== undefined) await write(context, formatSseData(usage));
  response.end(SSE_DONE);
}

/**
 * Answers OpenAI's 400 when the body lacks `name` (true), else false. The text endpoints name the code
 * `missing_required_parameter`; the image and audio endpoints send null.
 */
export function missingParameter(
  context: HandlerContext,
  name: string,
  code: string | null = 'missing_required_parameter',
): boolean {
  if (context.body[name] !== undefined) return false;
  sendJson(context.response, 400, {
    error: {
      message: `Missing required parameter: '${name}'.`,
      type: 'invalid_request_error',
      param: name,
      code,
    },
  });
  return true;
}

export const chatCompletions: RouteHandler = async (context) => {
  if (missingParameter(context, 'messages')) return;
  const refused = context.behavior.strict ? openAiChatRefusal(context.body) : null;
  if (refused) return sendJson(context.response, refused.status, refused.body);
  // A response_format is answered with JSON that fits it (or refused as OpenAI refuses it).
  const structured = structuredChatReply(context.body);
  if (structured && 'error' in structured) return sendJson(context.response, 400, structured.error);
  const behavior = structured ? { ...context.behavior, replyText: structured.text } : context.behavior;
  const plan = planReply(context.body, behavior, messagesText(context.body), modelFor(context));
  context.record.usage = plan.usage;
  const identity = context.identity('chatcmpl');
  const call = plannedToolCall(context.body, context.behavior);
  if (call) {
    if (!wantsStream(context.body))
      return sendJson(context.response, 200, toolCallBody(plan, identity, call));
    context.response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    for (const chunk of toolCallChunks(plan, identity, call, wantsUsage(context.body)))
      await write(context, formatSseData(chunk));
    context.response.end(SSE_DONE);
    return;
  }
  if (!wantsStream(context.body)) {
    sendJson(context.response, 200, chatCompletionBody(plan, identity, context.behavior.omitUsage));
    return;
  }
  await writeStream(context, plan, new ChatStreamChunks(plan, identity, wantsUsage(context.body)));
};

export const completions: RouteHandler = async (context) => {
  if (missingParameter(context, 'prompt')) return;
  const plan = planReply(context.body, context.behavior, promptText(context.body), modelFor(context));
  context.record.usage = plan.usage;
  const identity = context.identity('cmpl');
  if (!wantsStream(context.body)) {
    sendJson(context.response, 200, completionBody(plan, identity, context.behavior.omitUsage));
    return;
  }
  await writeStream(context, plan, new CompletionStreamChunks(plan, identity, wantsUsage(context.body)));
};

export const embeddings: RouteHandler = (context) => {
  if (missingParameter(context, 'input')) return;
  const reply = embeddingBody(context.body, context.behavior, modelFor(context));
  if (reply.usage !== undefined) {
    context.record.usage = { ...reply.usage, completion_tokens: 0 };
  }
  sendJson(context.response, 200, reply);
};

export const moderations: RouteHandler = (context) => {
  if (missingParameter(context, 'input')) return;
  // OpenAI moderations report no usage; the model defaults to the current moderation model.
  const model =
    context.behavior.model ?? (typeof context.body.model === 'string' ? context.body.model : undefined);
  sendJson(
    context.response,
    200,
    moderationBody(
      context.body,
      context.behavior,
      context.identity('modr'),
      model ?? 'omni-moderation-2024-09-26',
    ),
  );
};

export const listModels: RouteHandler = (context) => {
  sendJson(context.response, 200, modelListBody(context.behavior.models));
};

export const billingSubscription: RouteHandler = (context) => {
  sendJson(context.response, 200, billingSubscriptionBody(context.behavior));
};

export const billingUsage: RouteHandler = (context) => {
  sendJson(context.response, 200, billingUsageBody(context.behavior));
};
