/**
 * Gemini parts ↔ canonical content blocks, shared by requests and replies. A thought signature Gemini
 * puts on a plain text part becomes an empty thinking block carrying it (the canonical text block has no
 * signature), and goes back onto the next part when encoded. Toward a Gemini upstream function names are
 * flat (server/src/relay/canonical/tool-names.ts) and read back from its replies.
 */
import {
  asString,
  imageMarkdown,
  isRecord,
  mediaFromUrl,
  parseArguments,
  stringifyArguments,
} from '../../canonical/helpers.ts';
import { namespaceField, readUpstreamToolName, upstreamToolName } from '../../canonical/tool-names.ts';
import type {
  ContentBlock,
  ImageBlock,
  MediaSource,
  TextBlock,
  ToolResultBlock,
} from '../../canonical/types.ts';
import { field, type GeminiPart, type Json, recordField } from './gemini-types.ts';

/** A function call waiting for its response. */
interface PendingCall {
  id: string;
  answered: boolean;
}

/** Calls in the order they were made; answered ones are passed over as the head moves (amortized O(1)). */
interface CallQueue {
  calls: PendingCall[];
  head: number;
}

/** Takes the oldest unanswered call of a queue, if any. */
function takeOldest(queue: CallQueue | undefined): PendingCall | undefined {
  if (!queue) return undefined;
  while (queue.head < queue.calls.length) {
    const pending = queue.calls[queue.head] as PendingCall;
    queue.head += 1;
    if (!pending.answered) {
      pending.answered = true;
      return pending;
    }
  }
  return undefined;
}

function queueIn(queues: Map<string, CallQueue>, key: string): CallQueue {
  let queue = queues.get(key);
  if (!queue) {
    queue = { calls: [], head: 0 };
    queues.set(key, queue);
  }
  return queue;
}

/**
 * Ids for function calls and responses that carry none (Gemini's often do not): calls get
 * `call_<scope>_<n>` in order, and a response without an id answers the oldest unanswered call of its name
 * (a response that answers no call gets an id of its own). Each call and response costs constant time,
 * whatever the number of calls (a search of the calls per response made long tool loops quadratic).
 */
export class CallIds {
  private count = 0;
  /** Unanswered calls per function name, oldest first. */
  private readonly byName = new Map<string, CallQueue>();
  /** The same calls per name and id, so a response that names its call finds it without a search. */
  private readonly byId = new Map<string, CallQueue>();

  constructor(private readonly scope: string) {}

  private nextId(): string {
    const id = `call_${this.scope ? `${this.scope}_` : ''}${this.count}`;
    this.count += 1;
    return id;
  }

  call(name: string, id: string | undefined): string {
    const callId = id || this.nextId();
    if (id) this.count += 1;
    const pending: PendingCall = { id: callId, answered: false };
    queueIn(this.byName, name).calls.push(pending);
    queueIn(this.byId, `${name}\u0000${callId}`).calls.push(pending);
    return callId;
  }

  result(name: string, id: string | undefined): string {
    if (id) {
      takeOldest(this.byId.get(`${name}\u0000${id}`));
      return id;
    }
    return takeOldest(this.byName.get(name))?.id ?? this.nextId();
  }
}

/** A response id made safe for use inside tool-call ids (Claude accepts only [A-Za-z0-9_-]). */
export function callIdScope(responseId: string): string {
  return responseId.replace(/[^A-Za-z0-9_-]/g, '');
}

function mediaBlock(source: MediaSource, mimeType: string): ContentBlock {
  if (mimeType.startsWith('image/')) return { type: 'image', source };
  if (mimeType.startsWith('audio/')) {
    const format = mimeType.slice('audio/'.length).replace(/^mpeg$/, 'mp3');
    return { type: 'audio', source, ...(format ? { format } : {}) };
  }
  return { type: 'file', source };
}

/** Files API and Cloud Storage URIs are provider file ids; other http(s) URLs stay URLs. */
function uriSource(uri: string, mimeType: string): MediaSource {
  const media = mimeType ? { mediaType: mimeType } : {};
  if (/^https?:\/\//.test(uri) && !uri.includes('generativelanguage.googleapis.com'))
    return { kind: 'url', url: uri, ...media };
  return { kind: 'file_id', fileId: uri, ...media };
}

/** A functionResponse's `response` as tool-result content (`output` / `error` keys per Gemini's docs). */
function resultContent(response: unknown): { text: string; isError: boolean } {
  if (!isRecord(response)) return { text: stringifyArguments(response ?? ''), isError: false };
  const keys = Object.keys(response);
  if (keys.length === 1 && (keys[0] === 'output' || keys[0] === 'error')) {
    const value = response[keys[0]];
    return {
      text: typeof value === 'string' ? value : stringifyArguments(value),
      isError: keys[0] === 'error',
    };
  }
  return { text: stringifyArguments(response), isError: false };
}

/** One Gemini part as canonical blocks (none for parts nothing else can carry, e.g. executableCode). */
/** An inline image part of a model's reply as Markdown text (stream.ts); null for any other part. */
export function inlineImageMarkdown(part: Json): string | null {
  const inline = recordField(part, 'inlineData');
  const mimeType = inline ? asString(field(inline, 'mimeType')) : undefined;
  if (!inline || !mimeType?.startsWith('image/')) return null;
  return imageMarkdown({ kind: 'base64', mediaType: mimeType, data: asString(inline.data) ?? '' });
}

/**
 * One part as canonical blocks; `upstream` for a Gemini upstream's reply, whose function names are read
 * back to the client's.
 */
export function decodePart(part: Json, assistant: boolean, ids: CallIds, upstream = false): ContentBlock[] {
  const signature = asString(field(part, 'thoughtSignature'));
  const call = recordField(part, 'functionCall');
  if (call) {
    const name = asString(call.name) ?? '';
    const tool = upstream ? readUpstreamToolName(name) : { name };
    return [
      {
        type: 'tool_call',
        id: ids.call(name, asString(call.id)),
        name: tool.name,
        ...namespaceField(tool.namespace),
        arguments: stringifyArguments(call.args ?? {}),
        ...(signature ? { signature } : {}),
      },
    ];
  }
  const response = recordField(part, 'functionResponse');
  if (response) {
    const name = asString(response.name) ?? '';
    const { text, isError } = resultContent(response.response);
    const block: ToolResultBlock = {
      type: 'tool_result',
      toolCallId: ids.result(name, asString(response.id)),
      name,
      content: [{ type: 'text', text }],
    };
    return [isError ? { ...block, isError: true } : block];
  }
  const text = asString(part.text);
  if (text !== undefined) {
    if (assistant && part.thought === true)
      return [{ type: 'thinking', text, ...(signature ? { signature } : {}) }];
    const blocks: ContentBlock[] = [];
    if (assistant && signature) blocks.push({ type: 'thinking', text: '', signature });
    if (text) blocks.push({ type: 'text', text });
    return blocks;
  }
  const inline = recordField(part, 'inlineData');
  if (inline) {
    const mimeType = asString(field(inline, 'mimeType')) ?? 'application/octet-stream';
    return [mediaBlock({ kind: 'base64', mediaType: mimeType, data: asString(inline.data) ?? '' }, mimeType)];
  }
  const file = recordField(part, 'fileData');
  if (file) {
    const mimeType = asString(field(file, 'mimeType')) ?? '';
    return [mediaBlock(uriSource(asString(field(file, 'fileUri')) ?? '', mimeType), mimeType)];
  }
  return [];
}

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  pdf: 'application/pdf',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  mp4: 'video/mp4',
};

function guessType(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension ? EXTENSION_TYPES[extension] : undefined;
}

/** A media source as an inlineData or fileData part (Gemini fetches public URLs and Files API URIs). */
export function mediaPart(source: MediaSource, fallbackType?: string): GeminiPart {
  if (source.kind === 'url' && source.url.startsWith('data:'))
    return mediaPart(mediaFromUrl(source.url, source.mediaType ?? fallbackType), fallbackType);
  if (source.kind === 'base64')
    return {
      inlineData: {
        mimeType: source.mediaType || fallbackType || 'application/octet-stream',
        data: source.data,
      },
    };
  const uri = source.kind === 'url' ? source.url : source.fileId;
  const mimeType = source.mediaType ?? guessType(uri) ?? fallbackType;
  return { fileData: { ...(mimeType ? { mimeType } : {}), fileUri: uri } };
}

function toolResultParts(
  block: ToolResultBlock,
  names: ReadonlyMap<string, string>,
  upstream: boolean,
): GeminiPart[] {
  const text = block.content
    .filter((item): item is TextBlock => item.type === 'text')
    .map((item) => item.text)
    .join('\n');
  const named = block.name && upstream ? upstreamToolName(block.name) : block.name;
  const name = named || names.get(block.toolCallId) || block.toolCallId;
  const response = block.isError ? { error: text } : { output: text };
  const images = block.content.filter((item): item is ImageBlock => item.type === 'image');
  return [
    { functionResponse: { name, response, id: block.toolCallId } },
    ...images.map((image) => mediaPart(image.source)),
  ];
}

function blockParts(block: ContentBlock, names: Map<string, string>, upstream: boolean): GeminiPart[] {
  switch (block.type) {
    case 'text':
      return block.text ? [{ text: block.text }] : [];
    case 'image':
    case 'file':
      return [mediaPart(block.source)];
    case 'audio':
      return [mediaPart(block.source, block.format ? `audio/${block.format}` : undefined)];
    case 'tool_call': {
      const name = upstream ? upstreamToolName(block.name, block.namespace) : block.name;
      names.set(block.id, name);
      return [
        {
          functionCall: { name, args: parseArguments(block.arguments), id: block.id },
          ...(block.signature ? { thoughtSignature: block.signature } : {}),
        },
      ];
    }
    case 'tool_result':
      return toolResultParts(block, names, upstream);
    case 'thinking':
      return block.text
        ? [
            {
              text: block.text,
              thought: true,
              ...(block.signature ? { thoughtSignature: block.signature } : {}),
            },
          ]
        : [];
    case 'redacted_thinking':
      return [];
  }
}

/**
 * Canonical blocks as Gemini parts. `names` maps tool-call ids to function names across the conversation
 * (a functionResponse must name its function); `upstream` for a request to a Gemini upstream (flat names).
 * A signature of an empty thinking block goes onto the next part that has none; with no such part it is
 * dropped (Gemini refuses empty text parts in requests).
 */
export function encodeBlocks(
  blocks: readonly ContentBlock[],
  names: Map<string, string>,
  upstream = false,
): GeminiPart[] {
  const parts: GeminiPart[] = [];
  let pendingSignature: string | undefined;
  for (const block of blocks) {
    if (block.type === 'thinking' && !block.text && block.signature) {
      pendingSignature = block.signature;
      continue;
    }
    for (const part of blockParts(block, names, upstream)) {
      if (pendingSignature && !part.thoughtSignature) {
        part.thoughtSignature = pendingSignature;
        pendingSignature = undefined;
      }
      parts.push(part);
    }
  }
  return parts;
}
