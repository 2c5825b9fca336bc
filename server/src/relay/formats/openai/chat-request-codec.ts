/**
 * OpenAI Chat Completions requests ↔ the canonical request (server/src/relay/canonical/types.ts). Toward a
 * Chat upstream tool names are flat (server/src/relay/canonical/tool-names.ts).
 */
import {
  appendAll,
  asNumber,
  asString,
  bareEnumRefused,
  effortNamed,
  isRecord,
  mediaFromUrl,
  mediaToUrl,
  mergeSameRole,
  openAiEffort,
  reasoningEffort,
  stringifyArguments,
} from '../../canonical/helpers.ts';
import { flatToolDescription, upstreamToolName } from '../../canonical/tool-names.ts';
import type {
  CanonicalMessage,
  CanonicalRequest,
  ContentBlock,
  ImageBlock,
  ResponseFormat,
  TextBlock,
  ToolChoice,
  ToolDefinition,
} from '../../canonical/types.ts';
import { relayError } from '../../http/errors.ts';

type Json = Record<string, unknown>;

function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

function decodePart(part: unknown): ContentBlock | null {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isRecord(part)) return null;
  switch (part.type) {
    case 'text':
      return { type: 'text', text: asString(part.text) ?? '' };
    case 'refusal':
      return { type: 'text', text: asString(part.refusal) ?? '' };
    case 'image_url': {
      const image = part.image_url;
      const url = isRecord(image) ? asString(image.url) : asString(image);
      if (!url) invalid('an image_url part needs a url');
      const block: ImageBlock = { type: 'image', source: mediaFromUrl(url) };
      const detail = isRecord(image) ? asString(image.detail) : undefined;
      if (detail) block.detail = detail;
      return block;
    }
    case 'input_audio': {
      const audio = isRecord(part.input_audio) ? part.input_audio : {};
      const format = asString(audio.format) ?? 'wav';
      return {
        type: 'audio',
        source: { kind: 'base64', mediaType: `audio/${format}`, data: asString(audio.data) ?? '' },
        format,
      };
    }
    case 'file': {
      const file = isRecord(part.file) ? part.file : {};
      const fileId = asString(file.file_id);
      const filename = asString(file.filename);
      if (fileId)
        return { type: 'file', source: { kind: 'file_id', fileId }, ...(filename ? { filename } : {}) };
      const data = asString(file.file_data) ?? '';
      return {
        type: 'file',
        source: mediaFromUrl(data, 'application/pdf'),
        ...(filename ? { filename } : {}),
      };
    }
    default:
      return null;
  }
}

function decodeContent(content: unknown): ContentBlock[] {
  if (content === null || content === undefined) return [];
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) invalid('message content must be a string or an array of parts');
  const blocks: ContentBlock[] = [];
  for (const part of content) {
    const block = decodePart(part);
    if (block) blocks.push(block);
  }
  return blocks;
}

function textBlocksOf(content: unknown): TextBlock[] {
  return decodeContent(content).filter((block): block is TextBlock => block.type === 'text');
}

function decodeAssistant(message: Json): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  const reasoning = asString(message.reasoning_content) ?? asString(message.reasoning);
  if (reasoning) blocks.push({ type: 'thinking', text: reasoning });
  appendAll(blocks, decodeContent(message.content));
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isRecord(call)) continue;
      const fn = isRecord(call.function) ? call.function : {};
      blocks.push({
        type: 'tool_call',
        id: asString(call.id) ?? '',
        name: asString(fn.name) ?? '',
        arguments: stringifyArguments(fn.arguments ?? '{}'),
      });
    }
  }
  if (isRecord(message.function_call)) {
    const name = asString(message.function_call.name) ?? '';
    blocks.push({
      type: 'tool_call',
      id: `call_${name}`,
      name,
      arguments: stringifyArguments(message.function_call.arguments ?? '{}'),
    });
  }
  return blocks;
}

function decodeMessages(raw: unknown): { system: TextBlock[]; messages: CanonicalMessage[] } {
  if (!Array.isArray(raw) || raw.length === 0) invalid('messages must be a non-empty array');
  const system: TextBlock[] = [];
  const messages: CanonicalMessage[] = [];
  for (const item of raw) {
    if (!isRecord(item)) invalid('every message must be an object');
    switch (item.role) {
      case 'system':
      case 'developer':
        appendAll(system, textBlocksOf(item.content));
        break;
      case 'user':
        messages.push({ role: 'user', content: decodeContent(item.content) });
        break;
      case 'assistant':
        messages.push({ role: 'assistant', content: decodeAssistant(item) });
        break;
      case 'tool':
      case 'function': {
        const content = decodeContent(item.content).filter(
          (block): block is TextBlock | ImageBlock => block.type === 'text' || block.type === 'image',
        );
        const name = asString(item.name);
        messages.push({
          role: 'user',
          content: [
            {
              type: 'tool_result',
              toolCallId: asString(item.tool_call_id) ?? (name ? `call_${name}` : ''),
              ...(name ? { name } : {}),
              content,
            },
          ],
        });
        break;
      }
      default:
        invalid(`unknown message role: ${String(item.role)}`);
    }
  }
  return { system, messages: mergeSameRole(messages) };
}

function decodeTools(body: Json): ToolDefinition[] {
  const tools: ToolDefinition[] = [];
  const add = (fn: unknown) => {
    if (!isRecord(fn) || typeof fn.name !== 'string') return;
    const tool: ToolDefinition = {
      name: fn.name,
      parameters: isRecord(fn.parameters) ? fn.parameters : { type: 'object', properties: {} },
    };
    if (typeof fn.description === 'string') tool.description = fn.description;
    if (typeof fn.strict === 'boolean') tool.strict = fn.strict;
    tools.push(tool);
  };
  if (Array.isArray(body.tools)) for (const tool of body.tools) if (isRecord(tool)) add(tool.function);
  if (Array.isArray(body.functions)) for (const fn of body.functions) add(fn);
  return tools;
}

function decodeToolChoice(value: unknown): ToolChoice | undefined {
  if (value === 'auto' || value === 'none' || value === 'required') return { type: value };
  if (isRecord(value)) {
    const name = isRecord(value.function) ? asString(value.function.name) : asString(value.name);
    if (name) return { type: 'tool', name };
  }
  return undefined;
}

function decodeResponseFormat(value: unknown): ResponseFormat | undefined {
  if (!isRecord(value)) return undefined;
  if (value.type === 'json_object') return { type: 'json_object' };
  if (value.type === 'json_schema' && isRecord(value.json_schema)) {
    const schema = value.json_schema;
    return {
      type: 'json_schema',
      ...(typeof schema.name === 'string' ? { name: schema.name } : {}),
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
      ...(isRecord(schema.schema) ? { schema: schema.schema } : {}),
      ...(typeof schema.strict === 'boolean' ? { strict: schema.strict } : {}),
    };
  }
  return value.type === 'text' ? { type: 'text' } : undefined;
}

export function decodeChatRequest(body: Json, context: { model: string; stream: boolean }): CanonicalRequest {
  const { system, messages } = decodeMessages(body.messages);
  const request: CanonicalRequest = {
    model: asString(body.model) ?? context.model,
    system,
    messages,
    tools: decodeTools(body),
    stream: body.stream === true || context.stream,
  };
  const toolChoice = decodeToolChoice(body.tool_choice ?? body.function_call);
  if (toolChoice) request.toolChoice = toolChoice;
  if (typeof body.parallel_tool_calls === 'boolean') request.parallelToolCalls = body.parallel_tool_calls;
  const maxTokens = asNumber(body.max_completion_tokens) ?? asNumber(body.max_tokens);
  if (maxTokens !== undefined && maxTokens > 0) request.maxTokens = maxTokens;
  const numbers = [
    ['temperature', 'temperature'],
    ['top_p', 'topP'],
    ['top_k', 'topK'],
    ['presence_penalty', 'presencePenalty'],
    ['frequency_penalty', 'frequencyPenalty'],
    ['seed', 'seed'],
    ['n', 'candidateCount'],
  ] as const;
  for (const [wire, field] of numbers) {
    const value = asNumber(body[wire]);
    if (value !== undefined) request[field] = value;
  }
  if (typeof body.stop === 'string') request.stopSequences = [body.stop];
  else if (Array.isArray(body.stop))
    request.stopSequences = body.stop.filter((stop) => typeof stop === 'string');
  const effort = effortNamed(body.reasoning_effort);
  if (effort) request.reasoning = { enabled: true, effort };
  else if (body.reasoning_effort === 'none') request.reasoning = { enabled: false };
  const format = decodeResponseFormat(body.response_format);
  if (format) request.responseFormat = format;
  if (typeof body.user === 'string') request.user = body.user;
  return request;
}

function encodePart(block: ContentBlock): Json | null {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'image': {
      const url = mediaToUrl(block.source);
      if (!url) return null;
      return { type: 'image_url', image_url: { url, ...(block.detail ? { detail: block.detail } : {}) } };
    }
    case 'audio':
      if (block.source.kind !== 'base64') return null;
      return {
        type: 'input_audio',
        input_audio: {
          data: block.source.data,
          format: block.format ?? block.source.mediaType.split('/')[1],
        },
      };
    case 'file': {
      const file: Json = block.filename ? { filename: block.filename } : {};
      if (block.source.kind === 'file_id') file.file_id = block.source.fileId;
      else {
        const url = mediaToUrl(block.source);
        if (!url) return null;
        file.file_data = url;
      }
      return { type: 'file', file };
    }
    default:
      return null;
  }
}

/** Plain text when the content is text only (what every OpenAI-compatible upstream accepts). */
function encodeContent(blocks: readonly ContentBlock[]): string | Json[] {
  const parts = blocks.map(encodePart).filter((part): part is Json => part !== null);
  if (parts.every((part) => part.type === 'text')) return parts.map((part) => part.text as string).join('');
  return parts;
}

function encodeMessage(message: CanonicalMessage): Json[] {
  if (message.role === 'assistant') {
    const toolCalls = message.content.filter((block) => block.type === 'tool_call');
    const encoded: Json = { role: 'assistant', content: encodeContent(message.content) };
    if (encoded.content === '' && toolCalls.length > 0) encoded.content = null;
    if (toolCalls.length > 0) {
      encoded.tool_calls = toolCalls.map((call) => ({
        id: call.id,
        type: 'function',
        function: { name: upstreamToolName(call.name, call.namespace), arguments: call.arguments },
      }));
    }
    return [encoded];
  }
  // Tool results become `tool` messages, in order, before the rest of the user's content.
  const result: Json[] = [];
  for (const block of message.content) {
    if (block.type !== 'tool_result') continue;
    const content = encodeContent(block.content);
    result.push({
      role: 'tool',
      tool_call_id: block.toolCallId,
      content: block.isError && typeof content === 'string' ? `Error: ${content}` : content,
    });
  }
  const rest = message.content.filter((block) => block.type !== 'tool_result');
  if (rest.length > 0 || result.length === 0) result.push({ role: 'user', content: encodeContent(rest) });
  return result;
}

function encodeToolChoice(choice: ToolChoice): unknown {
  if (choice.type === 'tool')
    return { type: 'function', function: { name: upstreamToolName(choice.name, choice.namespace) } };
  return choice.type;
}

/** response_format: JSON mode or a JSON schema (OpenAI has no bare-enum reply: refused). */
function encodeResponseFormat(format: ResponseFormat): Json | undefined {
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'enum') throw bareEnumRefused('OpenAI');
  if (format.type !== 'json_schema') return undefined;
  return {
    type: 'json_schema',
    json_schema: {
      name: format.name ?? 'response',
      ...(format.description ? { description: format.description } : {}),
      ...(format.schema ? { schema: format.schema } : {}),
      ...(format.strict !== undefined ? { strict: format.strict } : {}),
    },
  };
}

export function encodeChatRequest(request: CanonicalRequest): Json {
  const messages: Json[] = [];
  if (request.system.length > 0) {
    messages.push({ role: 'system', content: request.system.map((block) => block.text).join('\n\n') });
  }
  for (const message of request.messages) appendAll(messages, encodeMessage(message));
  const body: Json = { model: request.model, messages };
  if (request.stream) body.stream = true;
  if (request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: upstreamToolName(tool.name, tool.namespace),
        ...(flatToolDescription(tool) !== undefined ? { description: flatToolDescription(tool) } : {}),
        parameters: tool.parameters,
        ...(tool.strict !== undefined ? { strict: tool.strict } : {}),
      },
    }));
    if (request.toolChoice) body.tool_choice = encodeToolChoice(request.toolChoice);
    if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.maxTokens !== undefined) body.max_tokens = request.maxTokens;
  const numbers = [
    ['temperature', request.temperature],
    ['top_p', request.topP],
    ['presence_penalty', request.presencePenalty],
    ['frequency_penalty', request.frequencyPenalty],
    ['seed', request.seed],
  ] as const;
  for (const [wire, value] of numbers) if (value !== undefined) body[wire] = value;
  if (request.candidateCount !== undefined && request.candidateCount !== 1) body.n = request.candidateCount;
  if (request.stopSequences && request.stopSequences.length > 0) body.stop = request.stopSequences;
  const effort = reasoningEffort(request.reasoning);
  if (effort) body.reasoning_effort = openAiEffort(effort);
  const format = request.responseFormat ? encodeResponseFormat(request.responseFormat) : undefined;
  if (format) body.response_format = format;
  if (request.user) body.user = request.user;
  return body;
}
