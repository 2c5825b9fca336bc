/** OpenAI Chat Completions replies ↔ the canonical reply, and usage and stop reasons both ways. */
import { asString, isRecord, stringifyArguments, tokens } from '../../canonical/helpers.ts';
import { namespaceField, readUpstreamToolName } from '../../canonical/tool-names.ts';
import type { CanonicalReply, CanonicalUsage, ContentBlock, StopReason } from '../../canonical/types.ts';

type Json = Record<string, unknown>;

const stopReasons: Record<string, StopReason> = {
  stop: 'end_turn',
  length: 'max_tokens',
  tool_calls: 'tool_use',
  function_call: 'tool_use',
  content_filter: 'content_filter',
};

export function stopReasonFromFinish(finish: unknown): StopReason {
  return (typeof finish === 'string' && stopReasons[finish]) || 'end_turn';
}

export function finishFromStopReason(reason: StopReason): string {
  switch (reason) {
    case 'max_tokens':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'content_filter':
    case 'refusal':
      return 'content_filter';
    default:
      return 'stop';
  }
}

/** OpenAI usage → canonical (prompt_tokens includes cached tokens, completion_tokens reasoning tokens). */
export function usageFromChat(value: unknown): CanonicalUsage | null {
  if (!isRecord(value)) return null;
  if (value.prompt_tokens === undefined && value.completion_tokens === undefined) return null;
  const prompt = isRecord(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  const completion = isRecord(value.completion_tokens_details) ? value.completion_tokens_details : {};
  return {
    inputTokens: tokens(value.prompt_tokens),
    outputTokens: tokens(value.completion_tokens),
    cacheReadTokens: tokens(prompt.cached_tokens),
    // Some compatible upstreams (DeepSeek-style) report cache writes here; OpenAI itself does not.
    cacheWriteTokens: tokens(prompt.cache_creation_tokens),
    reasoningTokens: tokens(completion.reasoning_tokens),
  };
}

export function usageToChat(usage: CanonicalUsage): Json {
  const result: Json = {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
  if (usage.cacheReadTokens > 0 || usage.cacheWriteTokens > 0) {
    result.prompt_tokens_details = {
      cached_tokens: usage.cacheReadTokens,
      ...(usage.cacheWriteTokens > 0 ? { cache_creation_tokens: usage.cacheWriteTokens } : {}),
    };
  }
  if (usage.reasoningTokens > 0)
    result.completion_tokens_details = { reasoning_tokens: usage.reasoningTokens };
  return result;
}

export function decodeChatReply(body: unknown): CanonicalReply {
  if (!isRecord(body) || !Array.isArray(body.choices)) {
    throw new Error('not a chat completion: the reply has no choices');
  }
  const choice = isRecord(body.choices[0]) ? body.choices[0] : {};
  const message = isRecord(choice.message) ? choice.message : {};
  const content: ContentBlock[] = [];
  const reasoning = asString(message.reasoning_content) ?? asString(message.reasoning);
  if (reasoning) content.push({ type: 'thinking', text: reasoning });
  const text = asString(message.content);
  if (text) content.push({ type: 'text', text });
  const refusal = asString(message.refusal);
  if (refusal) content.push({ type: 'text', text: refusal });
  if (Array.isArray(message.tool_calls)) {
    for (const call of message.tool_calls) {
      if (!isRecord(call)) continue;
      const fn = isRecord(call.function) ? call.function : {};
      const tool = readUpstreamToolName(asString(fn.name) ?? '');
      content.push({
        type: 'tool_call',
        id: asString(call.id) ?? '',
        name: tool.name,
        ...namespaceField(tool.namespace),
        arguments: stringifyArguments(fn.arguments ?? '{}'),
      });
    }
  }
  return {
    id: asString(body.id) ?? '',
    model: asString(body.model) ?? '',
    created: typeof body.created === 'number' ? body.created : Math.floor(Date.now() / 1000),
    content,
    stopReason: refusal ? 'refusal' : stopReasonFromFinish(choice.finish_reason),
    usage: usageFromChat(body.usage),
  };
}

export function encodeChatReply(reply: CanonicalReply): Json {
  let text = '';
  let reasoning = '';
  const toolCalls: Json[] = [];
  for (const block of reply.content) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'thinking') reasoning += block.text;
    else if (block.type === 'tool_call') {
      toolCalls.push({
        id: block.id,
        type: 'function',
        function: { name: block.name, arguments: block.arguments },
      });
    }
  }
  const message: Json = { role: 'assistant', content: text === '' && toolCalls.length > 0 ? null : text };
  if (reasoning) message.reasoning_content = reasoning;
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  const result: Json = {
    id: reply.id.startsWith('chatcmpl') ? reply.id : `chatcmpl-${reply.id}`,
    object: 'chat.completion',
    created: reply.created,
    model: reply.model,
    choices: [{ index: 0, message, logprobs: null, finish_reason: finishFromStopReason(reply.stopReason) }],
  };
  if (reply.usage) result.usage = usageToChat(reply.usage);
  return result;
}
