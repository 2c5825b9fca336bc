/**
 * Claude content blocks ↔ canonical content blocks, shared by requests and replies. Toward a Claude
 * upstream tool names are flat (server/src/relay/canonical/tool-names.ts) and read back from its replies;
 * the gateway's structured-output tool comes back as text (./structured-output.ts).
 */
import {
  asString,
  isRecord,
  mediaFromUrl,
  parseArguments,
  stringifyArguments,
} from '../../canonical/helpers.ts';
import {
  namespaceField,
  OUTPUT_TOOL_NAME,
  readUpstreamToolName,
  upstreamToolName,
} from '../../canonical/tool-names.ts';
import type {
  ContentBlock,
  ImageBlock,
  MediaSource,
  TextBlock,
  ToolResultBlock,
} from '../../canonical/types.ts';
import type {
  ClaudeContentBlock,
  ClaudeImageBlock,
  ClaudeSource,
  ClaudeTextBlock,
  Json,
} from './claude-types.ts';
import { outputToolText } from './structured-output.ts';

export function decodeTextBlock(value: Json): TextBlock {
  const block: TextBlock = { type: 'text', text: asString(value.text) ?? '' };
  if (isRecord(value.cache_control)) block.cacheControl = value.cache_control;
  return block;
}

function decodeSource(value: unknown, urlType?: string): MediaSource | null {
  if (!isRecord(value)) return null;
  if (value.type === 'base64')
    return { kind: 'base64', mediaType: asString(value.media_type) ?? '', data: asString(value.data) ?? '' };
  if (value.type === 'url' && typeof value.url === 'string') return mediaFromUrl(value.url, urlType);
  if (value.type === 'file' && typeof value.file_id === 'string')
    return { kind: 'file_id', fileId: value.file_id };
  return null;
}

function decodeDocument(value: Json): ContentBlock | null {
  const source = isRecord(value.source) ? value.source : {};
  // A plain-text document is text to every other format.
  if (source.type === 'text') return { type: 'text', text: asString(source.data) ?? '' };
  // URL documents are PDFs (the only kind Claude fetches).
  const media = decodeSource(source, 'application/pdf');
  const title = asString(value.title);
  return media ? { type: 'file', source: media, ...(title ? { filename: title } : {}) } : null;
}

function decodeToolResult(value: Json): ToolResultBlock {
  const raw = value.content;
  const parts = typeof raw === 'string' ? [{ type: 'text', text: raw }] : Array.isArray(raw) ? raw : [];
  const content = parts
    .map((part) => decodeClaudeBlock(part))
    .filter((block): block is TextBlock | ImageBlock => block?.type === 'text' || block?.type === 'image');
  return {
    type: 'tool_result',
    toolCallId: asString(value.tool_use_id) ?? '',
    content,
    ...(value.is_error === true ? { isError: true } : {}),
  };
}

/** A Claude block as a canonical block; null for what has no canonical form (server tools, search results). */
export function decodeClaudeBlock(value: unknown): ContentBlock | null {
  if (typeof value === 'string') return { type: 'text', text: value };
  if (!isRecord(value)) return null;
  switch (value.type) {
    case 'text':
      return decodeTextBlock(value);
    case 'image': {
      const source = decodeSource(value.source);
      return source ? { type: 'image', source } : null;
    }
    case 'document':
      return decodeDocument(value);
    case 'tool_use':
      return {
        type: 'tool_call',
        id: asString(value.id) ?? '',
        name: asString(value.name) ?? '',
        arguments: stringifyArguments(value.input ?? {}),
      };
    case 'tool_result':
      return decodeToolResult(value);
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

/**
 * A block of a Claude upstream's reply: tool names read back to the client's (namespaced ones split), and
 * a call of the gateway's structured-output tool as the text of the answer it carries.
 */
export function decodeUpstreamBlock(value: unknown): ContentBlock | null {
  if (!isRecord(value) || value.type !== 'tool_use') return decodeClaudeBlock(value);
  const name = asString(value.name) ?? '';
  if (name === OUTPUT_TOOL_NAME) return { type: 'text', text: outputToolText(value.input) };
  const tool = readUpstreamToolName(name);
  return {
    type: 'tool_call',
    id: asString(value.id) ?? '',
    name: tool.name,
    ...namespaceField(tool.namespace),
    arguments: stringifyArguments(value.input ?? {}),
  };
}

function encodeImageSource(source: MediaSource): ClaudeSource | null {
  if (source.kind === 'base64') return { type: 'base64', media_type: source.mediaType, data: source.data };
  if (source.kind !== 'url') return null; // provider file ids do not travel between vendors
  const parsed = mediaFromUrl(source.url, source.mediaType);
  return parsed.kind === 'base64'
    ? { type: 'base64', media_type: parsed.mediaType, data: parsed.data }
    : { type: 'url', url: source.url };
}

/** Claude takes PDFs (base64 or URL) and plain text as documents; other files are dropped. */
function encodeDocumentSource(source: MediaSource): ClaudeSource | null {
  const media = encodeImageSource(source);
  if (media?.type !== 'base64') return media;
  if (media.media_type === 'application/pdf') return media;
  if (media.media_type.startsWith('text/'))
    return {
      type: 'text',
      media_type: 'text/plain',
      data: Buffer.from(media.data, 'base64').toString('utf8'),
    };
  return null;
}

function encodeText(block: TextBlock): ClaudeTextBlock | null {
  // Claude refuses empty text blocks.
  if (block.text === '') return null;
  return block.cacheControl
    ? { type: 'text', text: block.text, cache_control: block.cacheControl }
    : { type: 'text', text: block.text };
}

/**
 * A canonical block as a Claude block, or null when Claude cannot take it. In a request (to a Claude
 * upstream) tool names are flat, and thinking without a Claude signature is dropped (Claude accepts back
 * only the thinking it signed); in a reply (to a Claude client) thinking is rendered with an empty
 * signature.
 */
export function encodeClaudeBlock(block: ContentBlock, mode: 'request' | 'reply'): ClaudeContentBlock | null {
  switch (block.type) {
    case 'text':
      return mode === 'reply' ? { type: 'text', text: block.text } : encodeText(block);
    case 'image': {
      const source = encodeImageSource(block.source);
      return source ? { type: 'image', source } : null;
    }
    case 'file': {
      const source = encodeDocumentSource(block.source);
      return source
        ? { type: 'document', source, ...(block.filename ? { title: block.filename } : {}) }
        : null;
    }
    case 'tool_call':
      return {
        type: 'tool_use',
        id: block.id,
        name: mode === 'request' ? upstreamToolName(block.name, block.namespace) : block.name,
        input: parseArguments(block.arguments),
      };
    case 'tool_result': {
      const content = block.content
        .map((part) => encodeClaudeBlock(part, 'request'))
        .filter(
          (part): part is ClaudeTextBlock | ClaudeImageBlock =>
            part?.type === 'text' || part?.type === 'image',
        );
      return {
        type: 'tool_result',
        tool_use_id: block.toolCallId,
        ...(content.length > 0 ? { content } : {}),
        ...(block.isError ? { is_error: true } : {}),
      };
    }
    case 'thinking':
      if (mode === 'request' && !block.signature) return null;
      return { type: 'thinking', thinking: block.text, signature: block.signature ?? '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    default:
      return null;
  }
}
