/**
 * Ollama's native chat API (`POST /api/chat`): `{model, messages:[{role, content, images, tool_calls}],
 * stream, options:{temperature, top_p, top_k, num_predict, stop, seed}, format, tools, think}` in;
 * `{model, created_at, message:{role, content, thinking, tool_calls}, done, done_reason,
 * prompt_eval_count, eval_count}` out. Streams are newline-delimited JSON objects of the same shape
 * (./index.ts frames them as SSE), the last with `done: true` and the counts. Errors are `{error}`.
 * Images go as base64 only (Ollama cannot fetch a URL); tool arguments are objects, not JSON text.
 */
import type { SseMessage, UpstreamCodec } from '../../canonical/codec.ts';
import {
  appendAll,
  asString,
  bareEnumRefused,
  eventObject,
  isRecord,
  joinText,
  parseArguments,
  tokens,
  usageEvent,
} from '../../canonical/helpers.ts';
import { PieceStreamDecoder } from '../../canonical/stream-state.ts';
import { stopReasonFromText, usageOf } from '../../canonical/text-dialect.ts';
import {
  flatToolDescription,
  namespaceField,
  readUpstreamToolName,
  type ToolName,
  upstreamToolName,
} from '../../canonical/tool-names.ts';
import type {
  CanonicalMessage,
  CanonicalReply,
  CanonicalRequest,
  ContentBlock,
  StopReason,
  StreamEvent,
} from '../../canonical/types.ts';
import { relayError } from '../../http/errors.ts';

type Json = Record<string, unknown>;

/** `names`: tool call id → tool name (OpenAI tool results carry only the id; Ollama wants the name). */
function encodeMessage(message: CanonicalMessage, names: ReadonlyMap<string, string>): Json[] {
  const out: Json[] = [];
  const texts: string[] = [];
  const images: string[] = [];
  const toolCalls: Json[] = [];
  let thinking = '';
  for (const block of message.content) {
    switch (block.type) {
      case 'text':
        texts.push(block.text);
        break;
      case 'thinking':
        thinking += block.text;
        break;
      case 'image':
        if (block.source.kind !== 'base64')
          throw relayError(400, 'invalid_request', 'Ollama takes images as base64 data, not URLs');
        images.push(block.source.data);
        break;
      case 'tool_call':
        toolCalls.push({
          function: {
            name: upstreamToolName(block.name, block.namespace),
            arguments: parseArguments(block.arguments),
          },
        });
        break;
      case 'tool_result':
        {
          const name = block.name ?? names.get(block.toolCallId);
          out.push({ role: 'tool', content: joinText(block.content), ...(name ? { tool_name: name } : {}) });
        }
        break;
      default:
        break;
    }
  }
  if (texts.length > 0 || images.length > 0 || toolCalls.length > 0 || thinking) {
    out.push({
      role: message.role,
      content: texts.join('\n'),
      ...(images.length > 0 ? { images } : {}),
      ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
      ...(thinking ? { thinking } : {}),
    });
  }
  return out;
}

function options(request: CanonicalRequest): Json {
  const result: Json = {};
  if (request.temperature !== undefined) result.temperature = request.temperature;
  if (request.topP !== undefined) result.top_p = request.topP;
  if (request.topK !== undefined) result.top_k = request.topK;
  if (request.maxTokens !== undefined) result.num_predict = request.maxTokens;
  if (request.stopSequences?.length) result.stop = request.stopSequences;
  if (request.seed !== undefined) result.seed = request.seed;
  if (request.presencePenalty !== undefined) result.presence_penalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) result.frequency_penalty = request.frequencyPenalty;
  return result;
}

function usageOfReply(body: Json) {
  if (body.prompt_eval_count === undefined && body.eval_count === undefined) return null;
  return usageOf(tokens(body.prompt_eval_count), tokens(body.eval_count));
}

function stopReason(body: Json, calledTool: boolean): StopReason {
  return calledTool ? 'tool_use' : stopReasonFromText(body.done_reason);
}

/** The calls of a message, their flat names read back into namespace form (canonical/tool-names.ts). */
function toolCallsOf(message: Json | undefined): { tool: ToolName; arguments: string }[] {
  const calls = Array.isArray(message?.tool_calls) ? message.tool_calls.filter(isRecord) : [];
  return calls.map((call) => {
    const fn = isRecord(call.function) ? call.function : {};
    return {
      tool: readUpstreamToolName(asString(fn.name) ?? ''),
      arguments: JSON.stringify(fn.arguments ?? {}),
    };
  });
}

class OllamaStreamDecoder extends PieceStreamDecoder {
  private started = false;
  private stopped = false;

  push(message: SseMessage): StreamEvent[] {
    const data = eventObject(message.data);
    if (!data) return [];
    if (typeof data.error === 'string') return [{ type: 'error', message: data.error }];
    const events: StreamEvent[] = [];
    if (!this.started) {
      this.started = true;
      events.push({ type: 'start', id: '', model: asString(data.model) ?? '' });
    }
    const piece = isRecord(data.message) ? data.message : undefined;
    const thinking = asString(piece?.thinking);
    if (thinking)
      events.push({ type: 'thinking_delta', index: this.ensureOpen('thinking', events), text: thinking });
    const text = asString(piece?.content);
    if (text) events.push({ type: 'text_delta', index: this.ensureOpen('text', events), text });
    for (const call of toolCallsOf(piece)) this.wholeToolCall(events, call.tool, call.arguments);
    if (data.done === true && !this.stopped) {
      this.close(events);
      const usage = usageOfReply(data);
      if (usage) events.push(usageEvent(usage));
      events.push({ type: 'stop', reason: stopReason(data, this.calledTool) });
      this.stopped = true;
    }
    return events;
  }

  end(): StreamEvent[] {
    return [];
  }
}

export const ollamaCodec: UpstreamCodec = {
  id: 'ollama',

  encodeRequest(request: CanonicalRequest): Json {
    const messages: Json[] = [];
    const system = joinText(request.system, '\n');
    if (system) messages.push({ role: 'system', content: system });
    const names = new Map<string, string>();
    for (const message of request.messages)
      for (const block of message.content) if (block.type === 'tool_call') names.set(block.id, block.name);
    for (const message of request.messages) appendAll(messages, encodeMessage(message, names));
    const body: Json = { model: request.model, messages, stream: request.stream };
    const tuned = options(request);
    if (Object.keys(tuned).length > 0) body.options = tuned;
    if (request.tools.length > 0 && request.toolChoice?.type !== 'none') {
      body.tools = request.tools.map((tool) => ({
        type: 'function',
        function: {
          name: upstreamToolName(tool.name, tool.namespace),
          ...(flatToolDescription(tool) ? { description: flatToolDescription(tool) } : {}),
          parameters: tool.parameters,
        },
      }));
    }
    const format = request.responseFormat;
    if (format?.type === 'enum') throw bareEnumRefused('Ollama');
    if (format?.type === 'json_object') body.format = 'json';
    else if (format?.type === 'json_schema' && format.schema) body.format = format.schema;
    if (request.reasoning?.enabled !== undefined) body.think = request.reasoning.enabled;
    return body;
  },

  decodeReply(body: unknown): CanonicalReply {
    if (!isRecord(body)) throw new Error('not an Ollama reply');
    if (typeof body.error === 'string') throw new Error(body.error);
    const message = isRecord(body.message) ? body.message : undefined;
    if (!message) throw new Error('the Ollama reply has no message');
    const content: ContentBlock[] = [];
    const thinking = asString(message.thinking);
    if (thinking) content.push({ type: 'thinking', text: thinking });
    const text = asString(message.content);
    if (text) content.push({ type: 'text', text });
    const calls = toolCallsOf(message);
    for (const [index, call] of calls.entries()) {
      content.push({
        type: 'tool_call',
        id: `call_${index}`,
        name: call.tool.name,
        ...namespaceField(call.tool.namespace),
        arguments: call.arguments,
      });
    }
    const created = Date.parse(asString(body.created_at) ?? '');
    return {
      id: '',
      model: asString(body.model) ?? '',
      created: Number.isFinite(created) ? Math.floor(created / 1000) : Math.floor(Date.now() / 1000),
      content,
      stopReason: stopReason(body, calls.length > 0),
      usage: usageOfReply(body),
    };
  },

  streamDecoder: () => new OllamaStreamDecoder(),

  readError(body: unknown) {
    return isRecord(body) && typeof body.error === 'string' ? { message: body.error } : null;
  },
};
