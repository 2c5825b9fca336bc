/**
 * How much one relay request may hold (docs/decisions/0010-relay-admission-and-usage-bounds.md): messages,
 * content parts and tools per request, embedding inputs per call. Checked on the parsed body before it is
 * decoded, counted or converted — every step after grows with these numbers — with a 400 that names the
 * field and the limit. The checks themselves look at array lengths and stop as soon as a count passes its
 * limit, so they cost at most one step per allowed item, whatever the body holds.
 *
 * Where a vendor publishes a limit the gateway keeps it; where the vendors differ, the gateway keeps the
 * largest (any channel may serve a call, so a request another vendor accepts is not refused here).
 */

import type { WireFormat } from '../canonical/codec.ts';
import { isRecord } from '../canonical/helpers.ts';
import { relayError } from '../http/errors.ts';
import type { RelayEndpoint } from '../providers/types.ts';

/** Messages (contents, input items) per request: Anthropic's published limit, the largest of the vendors'. */
export const MAX_MESSAGES = 100_000;
/**
 * Content parts per request, summed over the messages, the system prompt and tool results: the gateway's
 * own bound (a part costs the decoding, counting and converting work of a message).
 */
export const MAX_CONTENT_PARTS = 100_000;
/**
 * Tool (function) definitions per request: OpenAI accepts 128; clients with many MCP servers send a few
 * hundred. The gateway's bound keeps their conversion to ~50 ms.
 */
export const MAX_TOOLS = 10_000;
/** Inputs of one embeddings call: OpenAI's published limit. */
export const MAX_EMBEDDING_INPUTS = 2048;
/** Requests of one Gemini batchEmbedContents call: Google's limit. */
export const MAX_GEMINI_BATCH_EMBEDDINGS = 100;

function arrayTooLong(field: string, limit: number, length: number): never {
  throw relayError(
    400,
    'array_above_max_length',
    `Invalid '${field}': array too long. Expected an array with maximum length ${limit}, but got an array with length ${length} instead.`,
  );
}

function tooManyParts(field: string): never {
  throw relayError(
    400,
    'too_many_content_parts',
    `Invalid '${field}': the request holds more than ${MAX_CONTENT_PARTS} content parts (the parts of every message, the system prompt and tool results together), the most one request may hold`,
  );
}

function tooManyTools(field: string): never {
  throw relayError(
    400,
    'too_many_tools',
    `Invalid '${field}': the request declares more than ${MAX_TOOLS} functions, the most one request may declare`,
  );
}

function lengthOf(value: unknown): number {
  return Array.isArray(value) ? value.length : 0;
}

function checkArray(value: unknown, field: string, limit: number): readonly unknown[] {
  if (!Array.isArray(value)) return [];
  if (value.length > limit) arrayTooLong(field, limit, value.length);
  return value;
}

/** Counts parts towards MAX_CONTENT_PARTS; refuses as soon as the count passes it. */
class PartCount {
  private total = 0;
  constructor(private readonly field: string) {}

  add(count: number): void {
    this.total += count;
    if (this.total > MAX_CONTENT_PARTS) tooManyParts(this.field);
  }
}

function checkOpenAiChat(body: Record<string, unknown>): void {
  const messages = checkArray(body.messages, 'messages', MAX_MESSAGES);
  const parts = new PartCount('messages');
  for (const message of messages) {
    if (!isRecord(message)) continue;
    parts.add(lengthOf(message.content) + lengthOf(message.tool_calls));
  }
  if (lengthOf(body.tools) + lengthOf(body.functions) > MAX_TOOLS) tooManyTools('tools');
}

function checkClaude(body: Record<string, unknown>): void {
  const messages = checkArray(body.messages, 'messages', MAX_MESSAGES);
  const parts = new PartCount('messages');
  parts.add(lengthOf(body.system));
  for (const message of messages) {
    if (!isRecord(message) || !Array.isArray(message.content)) continue;
    parts.add(message.content.length);
    // Tool results hold content blocks of their own.
    for (const block of message.content) if (isRecord(block)) parts.add(lengthOf(block.content));
  }
  checkArray(body.tools, 'tools', MAX_TOOLS);
}

function checkResponses(body: Record<string, unknown>): void {
  const items = checkArray(body.input, 'input', MAX_MESSAGES);
  const parts = new PartCount('input');
  for (const item of items) {
    if (!isRecord(item)) continue;
    parts.add(lengthOf(item.content) + lengthOf(item.output) + lengthOf(item.summary));
  }
  checkArray(body.tools, 'tools', MAX_TOOLS);
}

function geminiField(record: Record<string, unknown>, camel: string, snake: string): unknown {
  return record[camel] !== undefined ? record[camel] : record[snake];
}

function checkGemini(body: Record<string, unknown>): void {
  const contents = checkArray(body.contents, 'contents', MAX_MESSAGES);
  const parts = new PartCount('contents');
  const system = geminiField(body, 'systemInstruction', 'system_instruction');
  if (isRecord(system)) parts.add(lengthOf(system.parts));
  for (const content of contents) if (isRecord(content)) parts.add(lengthOf(content.parts));
  let declarations = 0;
  for (const tool of checkArray(body.tools, 'tools', MAX_TOOLS)) {
    if (!isRecord(tool)) continue;
    declarations += lengthOf(geminiField(tool, 'functionDeclarations', 'function_declarations'));
    if (declarations > MAX_TOOLS) tooManyTools('tools');
  }
}

const conversationChecks: Readonly<Record<WireFormat, (body: Record<string, unknown>) => void>> = {
  'openai-chat': checkOpenAiChat,
  claude: checkClaude,
  'openai-responses': checkResponses,
  gemini: checkGemini,
};

/** Refuses a conversation body (of any client format) that holds more than a request may. */
export function checkConversationLimits(format: WireFormat, body: Record<string, unknown>): void {
  conversationChecks[format](body);
}

/** Refuses an OpenAI-route body that holds more than a request may (chat conversations, embedding inputs). */
export function checkEndpointLimits(endpoint: RelayEndpoint, body: Record<string, unknown>): void {
  if (endpoint === 'chat') checkOpenAiChat(body);
  else if (endpoint === 'embeddings') checkArray(body.input, 'input', MAX_EMBEDDING_INPUTS);
}

/** Refuses a Gemini batchEmbedContents body of more requests than Google takes in one batch. */
export function checkGeminiBatchLimits(body: Record<string, unknown>): void {
  const requests = body.requests;
  if (Array.isArray(requests) && requests.length > MAX_GEMINI_BATCH_EMBEDDINGS) {
    throw relayError(
      400,
      'array_above_max_length',
      `* BatchEmbedContentsRequest.requests: at most ${MAX_GEMINI_BATCH_EMBEDDINGS} requests can be in one batch`,
    );
  }
}
