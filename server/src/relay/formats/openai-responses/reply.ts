/** OpenAI Responses replies (`object: "response"`) ↔ the canonical reply; usage, stop reasons and ids. */
import { asString, isRecord, stringifyArguments, tokens } from '../../canonical/helpers.ts';
import { namespaceField } from '../../canonical/tool-names.ts';
import {
  type CanonicalReply,
  type CanonicalUsage,
  type ContentBlock,
  emptyUsage,
  type StopReason,
} from '../../canonical/types.ts';
import {
  type FunctionCallItem,
  type Json,
  type MessageItem,
  type OutputItem,
  REDACTED_THINKING_PREFIX,
  type ReasoningItem,
  type ResponseObject,
  type ResponsesUsage,
} from './responses-types.ts';

/** Responses usage → canonical (input_tokens includes cached_tokens, output_tokens includes reasoning). */
export function usageFromResponses(value: unknown): Partial<CanonicalUsage> | null {
  if (!isRecord(value)) return null;
  const usage: Partial<CanonicalUsage> = {};
  if (value.input_tokens !== undefined) {
    usage.inputTokens = tokens(value.input_tokens);
    usage.cacheReadTokens = isRecord(value.input_tokens_details)
      ? tokens(value.input_tokens_details.cached_tokens)
      : 0;
  }
  if (value.output_tokens !== undefined) {
    usage.outputTokens = tokens(value.output_tokens);
    usage.reasoningTokens = isRecord(value.output_tokens_details)
      ? tokens(value.output_tokens_details.reasoning_tokens)
      : 0;
  }
  return Object.keys(usage).length > 0 ? usage : null;
}

/** The output item types billed as tool calls, and the tool price each is billed at (tool-prices.ts). */
const TOOL_CALL_ITEMS: Readonly<Record<string, string>> = {
  web_search_call: 'web_search_preview',
  file_search_call: 'file_search',
  code_interpreter_call: 'code_interpreter',
};

/** A Responses usage with the tool calls its output items show (web_search_call …), when there are any. */
export function withToolCalls(
  usage: Partial<CanonicalUsage> | null,
  output: unknown,
): Partial<CanonicalUsage> | null {
  if (!usage || !Array.isArray(output)) return usage;
  let toolCalls: Record<string, number> | null = null;
  for (const item of output) {
    const kind = isRecord(item) && typeof item.type === 'string' ? TOOL_CALL_ITEMS[item.type] : undefined;
    if (!kind) continue;
    toolCalls ??= {};
    toolCalls[kind] = (toolCalls[kind] ?? 0) + 1;
  }
  return toolCalls ? { ...usage, toolCalls } : usage;
}

export function usageToResponses(usage: CanonicalUsage): ResponsesUsage {
  return {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: usage.cacheReadTokens },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
}

/** The stop reason of a finished response: the incomplete reason wins (a call may be cut short), then a function call. */
export function stopReasonFromResponses(
  status: unknown,
  incompleteReason: unknown,
  sawToolCall: boolean,
): StopReason {
  if (status === 'incomplete') {
    if (incompleteReason === 'max_output_tokens') return 'max_tokens';
    if (incompleteReason === 'content_filter') return 'content_filter';
  }
  return sawToolCall ? 'tool_use' : 'end_turn';
}

/** The status and incomplete_details a canonical stop reason is reported with. */
export function statusForStopReason(
  reason: StopReason,
): Pick<ResponseObject, 'status' | 'incomplete_details'> {
  if (reason === 'max_tokens')
    return { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } };
  if (reason === 'content_filter')
    return { status: 'incomplete', incomplete_details: { reason: 'content_filter' } };
  return { status: 'completed', incomplete_details: null };
}

/** A Responses id (`resp_…`) for a reply that came from another format. */
export function responseId(id: string): string {
  return id.startsWith('resp_') ? id : `resp_${id.replace(/^chatcmpl-|^msg_/, '')}`;
}

/** The id of output item `index` of a response: `msg_…`, `fc_…` or `rs_…`. */
export function itemId(prefix: 'msg' | 'fc' | 'rs', response: string, index: number): string {
  return `${prefix}_${response.replace(/^resp_/, '')}_${index}`;
}

export function messageItem(id: string, texts: string[], status: MessageItem['status']): MessageItem {
  return {
    type: 'message',
    id,
    role: 'assistant',
    status,
    content: texts.map((text) => ({ type: 'output_text', text, annotations: [] })),
  };
}

export function functionCallItem(
  id: string,
  call: { id: string; name: string; namespace?: string | undefined; arguments: string },
  status: FunctionCallItem['status'],
): FunctionCallItem {
  return {
    type: 'function_call',
    id,
    call_id: call.id,
    name: call.name,
    ...namespaceField(call.namespace),
    arguments: call.arguments,
    status,
  };
}

/** A reasoning item: the thinking text as one summary part, its signature as encrypted_content. */
export function reasoningItem(id: string, text: string, encrypted: string | undefined): ReasoningItem {
  return {
    type: 'reasoning',
    id,
    summary: text ? [{ type: 'summary_text', text }] : [],
    ...(encrypted ? { encrypted_content: encrypted } : {}),
  };
}

/** A reasoning item (reply output or request input) as a thinking block, or null when it carries nothing. */
export function thinkingFromReasoning(item: Json): ContentBlock | null {
  const encrypted = asString(item.encrypted_content);
  if (encrypted?.startsWith(REDACTED_THINKING_PREFIX))
    return { type: 'redacted_thinking', data: encrypted.slice(REDACTED_THINKING_PREFIX.length) };
  const texts = (parts: unknown): string[] =>
    Array.isArray(parts) ? parts.filter(isRecord).map((part) => asString(part.text) ?? '') : [];
  let text = texts(item.summary).join('\n\n');
  // Raw reasoning text (open-weight models) when there is no summary.
  if (!text) text = texts(item.content).join('\n\n');
  if (!text && !encrypted) return null;
  return { type: 'thinking', text, ...(encrypted ? { signature: encrypted } : {}) };
}

/** A custom tool call's raw input as the arguments of a function with one string parameter `input`. */
export function customToolArguments(input: unknown): string {
  return JSON.stringify({ input: asString(input) ?? '' });
}

function decodeOutputItem(item: Json, content: ContentBlock[]): { toolCall: boolean; refusal: boolean } {
  const result = { toolCall: false, refusal: false };
  switch (item.type) {
    case 'message':
      for (const part of Array.isArray(item.content) ? item.content.filter(isRecord) : []) {
        if (part.type === 'output_text') content.push({ type: 'text', text: asString(part.text) ?? '' });
        else if (part.type === 'refusal') {
          content.push({ type: 'text', text: asString(part.refusal) ?? '' });
          result.refusal = true;
        }
      }
      return result;
    case 'function_call':
    case 'custom_tool_call':
      content.push({
        type: 'tool_call',
        id: asString(item.call_id) ?? asString(item.id) ?? '',
        name: asString(item.name) ?? '',
        ...namespaceField(asString(item.namespace)),
        arguments:
          item.type === 'custom_tool_call'
            ? customToolArguments(item.input)
            : stringifyArguments(item.arguments ?? '{}'),
      });
      result.toolCall = true;
      return result;
    case 'reasoning': {
      const thinking = thinkingFromReasoning(item);
      if (thinking) content.push(thinking);
      return result;
    }
    default:
      // Built-in tool calls (web search, file search, code interpreter …) run at OpenAI: not portable.
      return result;
  }
}

export function decodeResponsesReply(body: unknown): CanonicalReply {
  if (
    !isRecord(body) ||
    !Array.isArray(body.output) ||
    (body.object !== undefined && body.object !== 'response')
  )
    throw new Error('not an OpenAI Responses reply: the body has no output list');
  if (body.status === 'failed') {
    const error = isRecord(body.error) ? body.error : {};
    throw new Error(`the response failed: ${asString(error.message) ?? 'unknown error'}`);
  }
  const content: ContentBlock[] = [];
  let toolCall = false;
  let refusal = false;
  for (const item of body.output.filter(isRecord)) {
    const seen = decodeOutputItem(item, content);
    toolCall ||= seen.toolCall;
    refusal ||= seen.refusal;
  }
  const incomplete = isRecord(body.incomplete_details) ? body.incomplete_details.reason : undefined;
  let stopReason = stopReasonFromResponses(body.status, incomplete, toolCall);
  if (refusal && stopReason === 'end_turn') stopReason = 'refusal';
  const usage = withToolCalls(usageFromResponses(body.usage), body.output);
  return {
    id: asString(body.id) ?? '',
    model: asString(body.model) ?? '',
    created: typeof body.created_at === 'number' ? body.created_at : Math.floor(Date.now() / 1000),
    content,
    stopReason,
    usage: usage ? { ...emptyUsage(), ...usage } : null,
  };
}

/** The output items of canonical content (consecutive text blocks share one message item). */
export function outputItems(blocks: readonly ContentBlock[], response: string): OutputItem[] {
  const items: OutputItem[] = [];
  for (const block of blocks) {
    const last = items[items.length - 1];
    switch (block.type) {
      case 'text':
        if (last?.type === 'message')
          last.content.push({ type: 'output_text', text: block.text, annotations: [] });
        else items.push(messageItem(itemId('msg', response, items.length), [block.text], 'completed'));
        break;
      case 'tool_call':
        items.push(functionCallItem(itemId('fc', response, items.length), block, 'completed'));
        break;
      case 'thinking':
        items.push(reasoningItem(itemId('rs', response, items.length), block.text, block.signature));
        break;
      case 'redacted_thinking':
        items.push(
          reasoningItem(itemId('rs', response, items.length), '', REDACTED_THINKING_PREFIX + block.data),
        );
        break;
      default:
        break;
    }
  }
  return items;
}

export function encodeResponsesReply(reply: CanonicalReply): ResponseObject {
  const id = responseId(reply.id);
  return {
    id,
    object: 'response',
    created_at: reply.created,
    ...statusForStopReason(reply.stopReason),
    error: null,
    model: reply.model,
    output: outputItems(reply.content, id),
    usage: usageToResponses(reply.usage ?? emptyUsage()),
  };
}
