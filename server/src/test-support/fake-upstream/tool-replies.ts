/**
 * The fake upstream's tool-call replies (behaviour `toolCall`): a chat completion that calls the named
 * function, whole or streamed (the call's id and name first, then the arguments in two pieces), shaped
 * as OpenAI sends them.
 */
import type { ResolvedBehavior } from './behavior.ts';
import { type JsonObject, type ReplyIdentity, type ReplyPlan, replyHead } from './replies.ts';

export const FAKE_TOOL_CALL_ID = 'call_fake_tool_1';

/** The call to make for this request, or null (no such tool offered, or the last message is its result). */
export function plannedToolCall(
  body: JsonObject,
  behavior: ResolvedBehavior,
): { name: string; arguments: string } | null {
  const wanted = behavior.toolCall;
  if (!wanted) return null;
  const tools = Array.isArray(body.tools) ? (body.tools as JsonObject[]) : [];
  const offered = tools.some((tool) => (tool.function as JsonObject | undefined)?.name === wanted.name);
  const messages = Array.isArray(body.messages) ? (body.messages as JsonObject[]) : [];
  if (!offered || messages.at(-1)?.role === 'tool') return null;
  return wanted;
}

function toolCallUsage(plan: ReplyPlan) {
  return { ...plan.usage, completion_tokens: 5, total_tokens: plan.usage.prompt_tokens + 5 };
}

export function toolCallBody(
  plan: ReplyPlan,
  identity: ReplyIdentity,
  call: { name: string; arguments: string },
) {
  return {
    ...replyHead('chat.completion', identity, plan),
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: FAKE_TOOL_CALL_ID, type: 'function', function: call }],
        },
        logprobs: null,
        finish_reason: 'tool_calls',
      },
    ],
    usage: toolCallUsage(plan),
  };
}

/** The `data:` payloads of a streamed tool call, usage last when asked. */
export function toolCallChunks(
  plan: ReplyPlan,
  identity: ReplyIdentity,
  call: { name: string; arguments: string },
  includeUsage: boolean,
): string[] {
  const head = replyHead('chat.completion.chunk', identity, plan);
  const chunk = (delta: JsonObject, finish: string | null) =>
    JSON.stringify({ ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
  const half = Math.floor(call.arguments.length / 2);
  const piece = (text: string) => ({ tool_calls: [{ index: 0, function: { arguments: text } }] });
  const chunks = [
    chunk({ role: 'assistant', content: null }, null),
    chunk(
      {
        tool_calls: [
          { index: 0, id: FAKE_TOOL_CALL_ID, type: 'function', function: { name: call.name, arguments: '' } },
        ],
      },
      null,
    ),
    chunk(piece(call.arguments.slice(0, half)), null),
    chunk(piece(call.arguments.slice(half)), null),
    chunk({}, 'tool_calls'),
  ];
  if (includeUsage) chunks.push(JSON.stringify({ ...head, choices: [], usage: toolCallUsage(plan) }));
  return chunks;
}
