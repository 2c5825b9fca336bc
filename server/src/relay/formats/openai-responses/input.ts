/** Responses `input` items ↔ canonical messages (and the system/developer messages found among them). */
import {
  appendAll,
  asString,
  isRecord,
  mediaFromUrl,
  mediaToUrl,
  mergeSameRole,
  stringifyArguments,
} from '../../canonical/helpers.ts';
import { namespaceField } from '../../canonical/tool-names.ts';
import type {
  CanonicalMessage,
  ContentBlock,
  ImageBlock,
  MediaSource,
  TextBlock,
  ToolResultBlock,
} from '../../canonical/types.ts';
import { relayError } from '../../http/errors.ts';
import { customToolArguments, thinkingFromReasoning } from './reply.ts';
import type { Json } from './responses-types.ts';

export function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

function imagePart(part: Json): ImageBlock | null {
  const detail = asString(part.detail);
  const withDetail = (source: MediaSource): ImageBlock => ({
    type: 'image',
    source,
    ...(detail ? { detail } : {}),
  });
  // Chat-style `image_url: {url}` is accepted too.
  const url =
    asString(part.image_url) ?? (isRecord(part.image_url) ? asString(part.image_url.url) : undefined);
  if (url) return withDetail(mediaFromUrl(url));
  const fileId = asString(part.file_id);
  return fileId ? withDetail({ kind: 'file_id', fileId }) : null;
}

function filePart(part: Json): ContentBlock | null {
  const filename = asString(part.filename);
  let source: MediaSource | null = null;
  const data = asString(part.file_data);
  const fileId = asString(part.file_id);
  const url = asString(part.file_url);
  if (data) source = data.startsWith('data:') ? mediaFromUrl(data) : { kind: 'base64', mediaType: '', data };
  else if (fileId) source = { kind: 'file_id', fileId };
  else if (url) source = { kind: 'url', url };
  return source ? { type: 'file', source, ...(filename ? { filename } : {}) } : null;
}

function audioPart(part: Json): ContentBlock | null {
  const audio = isRecord(part.input_audio) ? part.input_audio : part;
  const data = asString(audio.data);
  if (!data) return null;
  const format = asString(audio.format);
  return {
    type: 'audio',
    source: { kind: 'base64', mediaType: format ? `audio/${format}` : '', data },
    ...(format ? { format } : {}),
  };
}

function decodePart(part: unknown): ContentBlock | null {
  if (typeof part === 'string') return { type: 'text', text: part };
  if (!isRecord(part)) invalid('input: every content part must be an object');
  switch (part.type) {
    case 'input_text':
    case 'output_text':
    case 'text':
      return { type: 'text', text: asString(part.text) ?? '' };
    case 'refusal':
      return { type: 'text', text: asString(part.refusal) ?? '' };
    case 'input_image':
      return imagePart(part);
    case 'input_file':
      return filePart(part);
    case 'input_audio':
      return audioPart(part);
    default:
      return null;
  }
}

function decodeContent(content: unknown): ContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content))
    invalid('input: message content must be a string or an array of content parts');
  return content.map(decodePart).filter((block): block is ContentBlock => block !== null);
}

function toolResult(item: Json): ToolResultBlock {
  const callId = asString(item.call_id);
  if (!callId) invalid(`input: a ${String(item.type)} item needs a call_id`);
  const output = item.output;
  const content =
    typeof output === 'string' || Array.isArray(output)
      ? decodeContent(output).filter(
          (block): block is TextBlock | ImageBlock => block.type === 'text' || block.type === 'image',
        )
      : [{ type: 'text' as const, text: stringifyArguments(output ?? '') }];
  return { type: 'tool_result', toolCallId: callId, content };
}

function toolCall(item: Json, name: string | undefined, args: string): ContentBlock {
  const id = asString(item.call_id) ?? asString(item.id);
  if (!id) invalid(`input: a ${String(item.type)} item needs a call_id`);
  if (!name) invalid(`input: a ${String(item.type)} item needs a name`);
  return { type: 'tool_call', id, name, ...namespaceField(asString(item.namespace)), arguments: args };
}

/** The canonical role and content of one input item; null for items that carry nothing portable. */
function decodeItem(item: Json): { role: 'system' | 'user' | 'assistant'; content: ContentBlock[] } | null {
  switch (item.type ?? 'message') {
    case 'message': {
      const role = item.role === 'developer' ? 'system' : item.role;
      if (role !== 'user' && role !== 'assistant' && role !== 'system')
        invalid(`input: unknown message role ${String(item.role)}`);
      return { role, content: decodeContent(item.content) };
    }
    case 'function_call':
      return {
        role: 'assistant',
        content: [toolCall(item, asString(item.name), stringifyArguments(item.arguments ?? '{}'))],
      };
    case 'custom_tool_call':
      return {
        role: 'assistant',
        content: [toolCall(item, asString(item.name), customToolArguments(item.input))],
      };
    case 'local_shell_call':
      return {
        role: 'assistant',
        content: [toolCall(item, 'local_shell', stringifyArguments(item.action ?? {}))],
      };
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output':
      return { role: 'user', content: [toolResult(item)] };
    case 'reasoning': {
      const thinking = thinkingFromReasoning(item);
      return thinking ? { role: 'assistant', content: [thinking] } : null;
    }
    default:
      // item_reference (needs stored state), built-in tool calls and their outputs, compaction summaries.
      return null;
  }
}

/** Input items (or a plain string) as system blocks and alternating canonical messages. */
export function decodeInput(input: unknown): { system: TextBlock[]; messages: CanonicalMessage[] } {
  if (typeof input === 'string')
    return { system: [], messages: [{ role: 'user', content: [{ type: 'text', text: input }] }] };
  if (!Array.isArray(input)) invalid('input: a string or an array of input items is required');
  const system: TextBlock[] = [];
  const messages: CanonicalMessage[] = [];
  for (const item of input) {
    if (!isRecord(item)) invalid('input: every input item must be an object');
    const decoded = decodeItem(item);
    if (!decoded) continue;
    if (decoded.role === 'system')
      appendAll(system, decoded.content, (block): block is TextBlock => block.type === 'text');
    else messages.push({ role: decoded.role, content: decoded.content });
  }
  return { system, messages: mergeSameRole(messages) };
}

function encodeMedia(block: ContentBlock): Json | null {
  switch (block.type) {
    case 'image': {
      const detail = block.detail ?? 'auto';
      if (block.source.kind === 'file_id')
        return { type: 'input_image', file_id: block.source.fileId, detail };
      return { type: 'input_image', image_url: mediaToUrl(block.source), detail };
    }
    case 'file': {
      const name = block.filename ? { filename: block.filename } : {};
      if (block.source.kind === 'file_id')
        return { type: 'input_file', file_id: block.source.fileId, ...name };
      if (block.source.kind === 'url') return { type: 'input_file', file_url: block.source.url, ...name };
      return { type: 'input_file', file_data: mediaToUrl(block.source), ...name };
    }
    case 'audio':
      return block.source.kind === 'base64'
        ? { type: 'input_audio', input_audio: { data: block.source.data, format: block.format ?? 'wav' } }
        : null;
    default:
      return null;
  }
}

function encodeToolOutput(block: ToolResultBlock): string | Json[] {
  if (block.content.every((part) => part.type === 'text'))
    return block.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return block.content
    .map((part) => (part.type === 'text' ? { type: 'input_text', text: part.text } : encodeMedia(part)))
    .filter((part): part is Json => part !== null);
}

/** Canonical messages as Responses input items, in order. */
export function encodeInput(messages: readonly CanonicalMessage[]): Json[] {
  const items: Json[] = [];
  for (const message of messages) {
    let parts: Json[] = [];
    const flush = () => {
      if (parts.length > 0) items.push({ type: 'message', role: message.role, content: parts });
      parts = [];
    };
    for (const block of message.content) {
      switch (block.type) {
        case 'text':
          parts.push({ type: message.role === 'assistant' ? 'output_text' : 'input_text', text: block.text });
          break;
        case 'tool_call':
          flush();
          items.push({
            type: 'function_call',
            call_id: block.id,
            name: block.name,
            ...namespaceField(block.namespace),
            arguments: block.arguments,
          });
          break;
        case 'tool_result':
          flush();
          items.push({
            type: 'function_call_output',
            call_id: block.toolCallId,
            output: encodeToolOutput(block),
          });
          break;
        case 'thinking':
          // Without stored state OpenAI takes reasoning back only with its encrypted content.
          if (!block.signature) break;
          flush();
          items.push({
            type: 'reasoning',
            summary: block.text ? [{ type: 'summary_text', text: block.text }] : [],
            encrypted_content: block.signature,
          });
          break;
        case 'redacted_thinking':
          break;
        default: {
          const part = message.role === 'user' ? encodeMedia(block) : null;
          if (part) parts.push(part);
        }
      }
    }
    flush();
  }
  return items;
}
