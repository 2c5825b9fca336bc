/** Anthropic Messages requests ↔ the canonical request (server/src/relay/canonical/types.ts). */
import {
  asNumber,
  asString,
  isRecord,
  mergeSameRole,
  parseArguments,
  reasoningBudget,
  stringifyArguments,
} from '../../canonical/helpers.ts';
import type {
  CanonicalMessage,
  CanonicalRequest,
  ContentBlock,
  ImageBlock,
  MediaSource,
  TextBlock,
  ToolChoice,
  ToolDefinition,
} from '../../canonical/types.ts';
import { relayError } from '../../errors.ts';

type Json = Record<string, unknown>;

/** max_tokens is required by Claude: what a request from another format gets when it names none. */
export const CLAUDE_DEFAULT_MAX_TOKENS = 4096;
/** The smallest thinking budget Claude accepts. */
const MIN_THINKING_BUDGET = 1024;

function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

function textBlock(value: Json): TextBlock {
  const block: TextBlock = { type: 'text', text: asString(value.text) ?? '' };
  if (isRecord(value.cache_control)) block.cacheControl = value.cache_control;
  return block;
}

function sourceOf(value: unknown): MediaSource | null {
  if (!isRecord(value)) return null;
  if (value.type === 'base64') {
    return { kind: 'base64', mediaType: asString(value.media_type) ?? '', data: asString(value.data) ?? '' };
  }
  if (value.type === 'url' && typeof value.url === 'string') return { kind: 'url', url: value.url };
  if (value.type === 'file' && typeof value.file_id === 'string')
    return { kind: 'file_id', fileId: value.file_id };
  return null;
}

function decodeBlock(value: unknown): ContentBlock | null {
  if (typeof value === 'string') return { type: 'text', text: value };
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'text':
      return textBlock(value);
    case 'image': {
      const source = sourceOf(value.source);
      return source ? { type: 'image', source } : null;
    }
    case 'document': {
      const source = sourceOf(value.source);
      const title = asString(value.title);
      return source ? { type: 'file', source, ...(title ? { filename: title } : {}) } : null;
    }
    case 'tool_use':
      return {
        type: 'tool_call',
        id: asString(value.id) ?? '',
        name: asString(value.name) ?? '',
        arguments: stringifyArguments(value.input ?? {}),
      };
    case 'tool_result': {
      const raw = value.content;
      const parts = typeof raw === 'string' ? [{ type: 'text', text: raw }] : Array.isArray(raw) ? raw : [];
      const content = parts
        .map(decodeBlock)
        .filter(
          (block): block is TextBlock | ImageBlock => block?.type === 'text' || block?.type === 'image',
        );
      return {
        type: 'tool_result',
        toolCallId: asString(value.tool_use_id) ?? '',
        content,
        ...(value.is_error === true ? { isError: true } : {}),
      };
    }
    case 'thinking': {
      const signature = asString(value.signature);
      return { type: 'thinking', text: asString(value.thinking) ?? '', ...(signature ? { signature } : {}) };
    }
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: asString(value.data) ?? '' };
    default:
      return null;
  }
}

function decodeContent(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) invalid('message content must be a string or an array of content blocks');
  return content.map(decodeBlock).filter((block): block is ContentBlock => block !== null);
}

function decodeSystem(value: unknown): TextBlock[] {
  if (typeof value === 'string') return value === '' ? [] : [{ type: 'text', text: value }];
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map(textBlock);
}

function decodeToolChoice(value: unknown): { choice?: ToolChoice; parallel?: boolean } {
  if (!isRecord(value)) return {};
  const parallel = value.disable_parallel_tool_use === true ? false : undefined;
  const withParallel = (choice: ToolChoice) => (parallel === undefined ? { choice } : { choice, parallel });
  switch (value.type) {
    case 'auto':
      return withParallel({ type: 'auto' });
    case 'any':
      return withParallel({ type: 'required' });
    case 'none':
      return withParallel({ type: 'none' });
    case 'tool':
      return typeof value.name === 'string' ? withParallel({ type: 'tool', name: value.name }) : {};
    default:
      return {};
  }
}

function decodeTools(value: unknown): ToolDefinition[] {
  if (!Array.isArray(value)) return [];
  const tools: ToolDefinition[] = [];
  for (const tool of value) {
    // Server tools (web search, code execution …) carry a versioned type and no schema: not portable.
    if (
      !isRecord(tool) ||
      typeof tool.name !== 'string' ||
      (tool.type !== undefined && tool.type !== 'custom')
    )
      continue;
    tools.push({
      name: tool.name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      parameters: isRecord(tool.input_schema) ? tool.input_schema : { type: 'object', properties: {} },
    });
  }
  return tools;
}

export function decodeClaudeRequest(
  body: Json,
  context: { model: string; stream: boolean },
): CanonicalRequest {
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    invalid('messages: at least one message is required');
  const system = decodeSystem(body.system);
  const messages: CanonicalMessage[] = [];
  for (const item of body.messages) {
    if (!isRecord(item)) invalid('every message must be an object');
    // Recent Claude Code versions put system entries inside messages.
    if (item.role === 'system')
      system.push(...decodeContent(item.content).filter((block) => block.type === 'text'));
    else if (item.role === 'user' || item.role === 'assistant')
      messages.push({ role: item.role, content: decodeContent(item.content) });
    else invalid(`messages: unknown role ${String(item.role)}`);
  }
  const request: CanonicalRequest = {
    model: asString(body.model) ?? context.model,
    system: system as TextBlock[],
    messages: mergeSameRole(messages),
    tools: decodeTools(body.tools),
    stream: body.stream === true || context.stream,
  };
  const { choice, parallel } = decodeToolChoice(body.tool_choice);
  if (choice) request.toolChoice = choice;
  if (parallel !== undefined) request.parallelToolCalls = parallel;
  const maxTokens = asNumber(body.max_tokens);
  if (maxTokens !== undefined && maxTokens > 0) request.maxTokens = maxTokens;
  for (const [wire, field] of [
    ['temperature', 'temperature'],
    ['top_p', 'topP'],
    ['top_k', 'topK'],
  ] as const) {
    const value = asNumber(body[wire]);
    if (value !== undefined) request[field] = value;
  }
  if (Array.isArray(body.stop_sequences))
    request.stopSequences = body.stop_sequences.filter((stop): stop is string => typeof stop === 'string');
  if (isRecord(body.thinking)) {
    if (body.thinking.type === 'enabled') {
      const budget = asNumber(body.thinking.budget_tokens);
      request.reasoning = {
        enabled: true,
        includeThoughts: true,
        ...(budget ? { budgetTokens: budget } : {}),
      };
    } else if (body.thinking.type === 'disabled') request.reasoning = { enabled: false };
  }
  if (isRecord(body.metadata) && typeof body.metadata.user_id === 'string')
    request.user = body.metadata.user_id;
  return request;
}

/**
 * A Claude body made acceptable to the Anthropic API when it passes through: `role: "system"` entries
 * inside messages (as recent Claude Code versions send them) move to the end of the top-level system.
 */
export function hoistSystemMessages(body: Json): Json {
  if (
    !Array.isArray(body.messages) ||
    !body.messages.some((item) => isRecord(item) && item.role === 'system')
  )
    return body;
  const system: Json[] =
    typeof body.system === 'string' && body.system !== ''
      ? [{ type: 'text', text: body.system }]
      : Array.isArray(body.system)
        ? (body.system as Json[])
        : [];
  const messages: unknown[] = [];
  for (const item of body.messages) {
    if (!isRecord(item) || item.role !== 'system') {
      messages.push(item);
      continue;
    }
    for (const block of decodeContent(item.content))
      if (block.type === 'text') system.push({ type: 'text', text: block.text });
  }
  return { ...body, system, messages };
}

function encodeSource(source: MediaSource): Json | null {
  if (source.kind === 'base64') return { type: 'base64', media_type: source.mediaType, data: source.data };
  if (source.kind === 'url') return { type: 'url', url: source.url };
  return null;
}

function encodeBlock(block: ContentBlock): Json | null {
  switch (block.type) {
    case 'text':
      return block.text === ''
        ? null
        : {
            type: 'text',
            text: block.text,
            ...(block.cacheControl ? { cache_control: block.cacheControl } : {}),
          };
    case 'image': {
      const source = encodeSource(block.source);
      return source ? { type: 'image', source } : null;
    }
    case 'file': {
      const source = encodeSource(block.source);
      return source
        ? { type: 'document', source, ...(block.filename ? { title: block.filename } : {}) }
        : null;
    }
    case 'tool_call':
      return { type: 'tool_use', id: block.id, name: block.name, input: parseArguments(block.arguments) };
    case 'tool_result':
      return {
        type: 'tool_result',
        tool_use_id: block.toolCallId,
        content: block.content.map(encodeBlock).filter((part): part is Json => part !== null),
        ...(block.isError ? { is_error: true } : {}),
      };
    case 'thinking':
      // Claude accepts back only thinking it signed.
      return block.signature ? { type: 'thinking', thinking: block.text, signature: block.signature } : null;
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    default:
      return null;
  }
}

function encodeMessages(messages: readonly CanonicalMessage[]): Json[] {
  const converted: CanonicalMessage[] = [];
  for (const message of messages) {
    // Tool results lead their user turn, as Claude requires.
    const content =
      message.role === 'user'
        ? [
            ...message.content.filter((block) => block.type === 'tool_result'),
            ...message.content.filter((block) => block.type !== 'tool_result'),
          ]
        : message.content;
    if (content.some((block) => encodeBlock(block) !== null)) converted.push({ role: message.role, content });
  }
  const merged = mergeSameRole(converted);
  if (merged[0]?.role === 'assistant')
    merged.unshift({ role: 'user', content: [{ type: 'text', text: '.' }] });
  return merged.map((message) => ({
    role: message.role,
    content: message.content.map(encodeBlock).filter((block): block is Json => block !== null),
  }));
}

function encodeToolChoice(choice: ToolChoice | undefined, parallel: boolean | undefined): Json | undefined {
  let encoded: Json | undefined;
  if (choice?.type === 'required') encoded = { type: 'any' };
  else if (choice?.type === 'tool') encoded = { type: 'tool', name: choice.name };
  else if (choice) encoded = { type: choice.type };
  if (parallel === false) encoded = { ...(encoded ?? { type: 'auto' }), disable_parallel_tool_use: true };
  return encoded;
}

export function encodeClaudeRequest(request: CanonicalRequest): Json {
  const body: Json = { model: request.model, messages: encodeMessages(request.messages) };
  let maxTokens = request.maxTokens ?? CLAUDE_DEFAULT_MAX_TOKENS;
  if (request.system.length > 0) {
    body.system = request.system.every((block) => !block.cacheControl)
      ? request.system.map((block) => block.text).join('\n\n')
      : request.system.map((block) => encodeBlock(block)).filter((block) => block !== null);
  }
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      input_schema: tool.parameters,
    }));
    const choice = encodeToolChoice(request.toolChoice, request.parallelToolCalls);
    if (choice) body.tool_choice = choice;
  }
  const budget = reasoningBudget(request.reasoning);
  if (budget !== undefined) {
    const thinkingBudget = Math.max(MIN_THINKING_BUDGET, budget);
    // The budget must stay below max_tokens: the answer keeps its own allowance on top of it.
    if (maxTokens <= thinkingBudget) maxTokens += thinkingBudget;
    body.thinking = { type: 'enabled', budget_tokens: thinkingBudget };
  } else {
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
    if (request.topK !== undefined) body.top_k = request.topK;
  }
  body.max_tokens = maxTokens;
  if (request.stopSequences && request.stopSequences.length > 0) body.stop_sequences = request.stopSequences;
  if (request.stream) body.stream = true;
  if (request.user) body.metadata = { user_id: request.user };
  return body;
}
