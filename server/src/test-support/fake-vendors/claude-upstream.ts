/**
 * A fake Anthropic Messages API (`POST /v1/messages`, version 2023-06-01) for integration tests. It checks
 * what the real API checks that conversions can get wrong (key, version header, max_tokens, roles that
 * alternate starting with the user, no `system` role inside messages, tool results answering tool uses,
 * structured output and forced tool choices: ./structured-output.ts) and answers in Claude's wire format:
 * a text reply (JSON that fits `output_config.format` when asked), or — when tools are offered and the
 * conversation does not end with a tool result — a call of the tool `tool_choice` names, else the first.
 */
import type { ServerResponse } from 'node:http';
import { claudeRefusal } from '../strict/claude-strict.ts';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';
import { claudeForcedToolUse, claudeOutputProblem, claudeStructuredText } from './structured-output.ts';

export const FAKE_CLAUDE_TEXT = 'Hello from fake Claude';
export const FAKE_CLAUDE_TOOL_INPUT = { city: 'Paris' };
/** Usage the fake reports (input excludes the cached parts, as Claude counts it). */
export const FAKE_CLAUDE_USAGE = {
  input_tokens: 21,
  cache_read_input_tokens: 8,
  cache_creation_input_tokens: 4,
  output_tokens: 6,
};

type Json = Record<string, unknown>;

function invalid(response: ServerResponse, message: string): void {
  sendJson(response, 400, { type: 'error', error: { type: 'invalid_request_error', message } });
}

function blocksOf(content: unknown): Json[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as Json[]) : [];
}

/** The first problem the real API would report, or null. */
function validate(body: Json, modelInBody: boolean, model: string): string | null {
  if (modelInBody && typeof body.model !== 'string') return 'model: Field required';
  if (!modelInBody && body.model !== undefined) return 'model: Extra inputs are not permitted';
  if (typeof body.max_tokens !== 'number' || body.max_tokens < 1) return 'max_tokens: Field required';
  const messages = Array.isArray(body.messages) ? (body.messages as Json[]) : [];
  if (messages.length === 0) return 'messages: at least one message is required';
  let previous = '';
  const toolUses = new Set<string>();
  for (const [index, message] of messages.entries()) {
    if (message.role !== 'user' && message.role !== 'assistant')
      return `messages.${index}.role: Input should be 'user' or 'assistant'`;
    if (index === 0 && message.role !== 'user') return 'messages: first message must use the "user" role';
    if (message.role === previous) return 'messages: roles must alternate between "user" and "assistant"';
    previous = message.role;
    for (const block of blocksOf(message.content)) {
      if (block.type === 'tool_use') toolUses.add(String(block.id));
      if (block.type === 'tool_result' && !toolUses.has(String(block.tool_use_id)))
        return `messages.${index}: tool_result block(s) provided for an unknown tool_use_id`;
    }
  }
  if (body.thinking && (body.thinking as Json).type === 'enabled' && body.temperature !== undefined)
    return 'temperature may only be set to 1 when thinking is enabled';
  return claudeOutputProblem(body, model);
}

/** A tool the fake calls: by default the first offered, with FAKE_CLAUDE_TOOL_INPUT. */
export interface FakeToolUse {
  name: string;
  input: Json;
}

function wantsToolCall(body: Json, toolUses?: readonly FakeToolUse[]): FakeToolUse | null {
  const tools = Array.isArray(body.tools) ? (body.tools as Json[]) : [];
  if (tools.length === 0 || (body.tool_choice as Json | undefined)?.type === 'none') return null;
  const forced = claudeForcedToolUse(body);
  if (forced) return forced;
  const messages = body.messages as Json[];
  const last = blocksOf(messages[messages.length - 1]?.content);
  if (last.some((block) => block.type === 'tool_result')) return null;
  if (toolUses) return toolUses.find((use) => tools.some((tool) => tool.name === use.name)) ?? null;
  const first = tools[0];
  return first ? { name: String(first.name), input: FAKE_CLAUDE_TOOL_INPUT } : null;
}

function frame(name: string, data: Json): string {
  return `event: ${name}\ndata: ${JSON.stringify({ type: name, ...data })}\n\n`;
}

function replyContent(tool: FakeToolUse | null, text: string): Json[] {
  if (tool) return [{ type: 'tool_use', id: 'toolu_fake01', name: tool.name, input: tool.input }];
  return [{ type: 'text', text }];
}

function streamReply(response: ServerResponse, body: Json, tool: FakeToolUse | null, answer: string): void {
  startSse(response);
  const { output_tokens: _output, ...inputUsage } = FAKE_CLAUDE_USAGE;
  let text = frame('message_start', {
    message: {
      id: 'msg_fake01',
      type: 'message',
      role: 'assistant',
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { ...inputUsage, output_tokens: 1 },
    },
  });
  text += frame('ping', {});
  if (tool) {
    text += frame('content_block_start', {
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_fake01', name: tool.name, input: {} },
    });
    const json = JSON.stringify(tool.input);
    for (const part of [json.slice(0, 5), json.slice(5)])
      text += frame('content_block_delta', {
        index: 0,
        delta: { type: 'input_json_delta', partial_json: part },
      });
  } else {
    text += frame('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const word of answer.split(/(?=[ ,])/))
      text += frame('content_block_delta', { index: 0, delta: { type: 'text_delta', text: word } });
  }
  text += frame('content_block_stop', { index: 0 });
  text += frame('message_delta', {
    delta: { stop_reason: tool ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: FAKE_CLAUDE_USAGE.output_tokens },
  });
  text += frame('message_stop', {});
  response.end(text);
}

async function messages(
  request: RecordedVendorRequest,
  response: ServerResponse,
  key: string,
  toolUses?: readonly FakeToolUse[],
  strict = false,
): Promise<void> {
  if (request.headers['x-api-key'] !== key) {
    sendJson(response, 401, {
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    });
    return;
  }
  if (!request.headers['anthropic-version']) {
    invalid(response, 'anthropic-version: header is required');
    return;
  }
  answerMessages(request, response, String(request.body.model), true, toolUses, strict);
}

/**
 * Validates a Messages body and answers it (stream or not); `modelInBody` false for Vertex AI's
 * rawPredict, where the model is in the URL and the body must not name one.
 */
export function answerMessages(
  request: RecordedVendorRequest,
  response: ServerResponse,
  model: string,
  modelInBody: boolean,
  toolUses?: readonly FakeToolUse[],
  strict = false,
): void {
  const problem = validate(request.body, modelInBody, model);
  if (problem) {
    invalid(response, problem);
    return;
  }
  const refused = strict ? claudeRefusal({ ...request.body, model }) : null;
  if (refused) {
    sendJson(response, refused.status, refused.body);
    return;
  }
  const tool = wantsToolCall(request.body, toolUses);
  const answer = claudeStructuredText(request.body) ?? FAKE_CLAUDE_TEXT;
  if (request.body.stream === true) {
    streamReply(response, { ...request.body, model }, tool, answer);
    return;
  }
  sendJson(response, 200, {
    id: 'msg_fake01',
    type: 'message',
    role: 'assistant',
    model,
    content: replyContent(tool, answer),
    stop_reason: tool ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: FAKE_CLAUDE_USAGE,
  });
}

/**
 * Starts the fake; requests must carry `x-api-key: <key>`. With `toolUses`, the fake calls the first of
 * them that the request offers (instead of the first tool offered, with FAKE_CLAUDE_TOOL_INPUT). With
 * `strict`, it also refuses what Anthropic refuses that a permissive fake would take
 * (server/src/test-support/strict/claude-strict.ts).
 */
export function startFakeClaude(
  key: string,
  options: { toolUses?: FakeToolUse[]; record?: boolean; strict?: boolean } = {},
): Promise<FakeVendor> {
  return startFakeVendor(
    (request, response) => {
      if (request.method === 'POST' && request.path === '/v1/messages')
        return messages(request, response, key, options.toolUses, options.strict);
      sendJson(response, 404, { type: 'error', error: { type: 'not_found_error', message: 'not found' } });
    },
    { record: options.record ?? true },
  );
}
