/**
 * The canonical request as an Anthropic Messages body that Claude accepts: roles alternate and start with
 * the user, tool results lead their user turn, only Claude-signed thinking goes back, thinking and
 * sampling settings never conflict, and max_tokens (required) stays above the thinking budget. Tool names
 * are flat (server/src/relay/canonical/tool-names.ts); a response format is asked natively or with the
 * output tool (./structured-output.ts); reasoning as docs/formats.md "Reasoning" says.
 */
import { mergeSameRole, reasoningBudget } from '../../canonical/helpers.ts';
import { flatToolDescription, upstreamToolName } from '../../canonical/tool-names.ts';
import type {
  CanonicalMessage,
  CanonicalRequest,
  ContentBlock,
  ReasoningEffort,
  ToolChoice,
  ToolDefinition,
} from '../../canonical/types.ts';
import type {
  ClaudeContentBlock,
  ClaudeEffort,
  ClaudeMessage,
  ClaudeRequestBody,
  ClaudeTool,
  ClaudeToolChoice,
} from './claude-types.ts';
import { encodeClaudeBlock } from './content.ts';
import { planStructuredOutput } from './structured-output.ts';

/** max_tokens is required by Claude: what a request from another format gets when it names none. */
export const CLAUDE_DEFAULT_MAX_TOKENS = 4096;
/** The smallest thinking budget Claude accepts. */
export const CLAUDE_MIN_THINKING_BUDGET = 1024;
/** The user turn put first when a conversation would otherwise start with the assistant (or be empty). */
export const CLAUDE_OPENING_TEXT = '.';

const isThinking = (block: ContentBlock) => block.type === 'thinking' || block.type === 'redacted_thinking';

/** Tool results first in a user turn; thinking first in an assistant turn that has some. */
function ordered(message: CanonicalMessage): ContentBlock[] {
  const leads = message.role === 'user' ? (block: ContentBlock) => block.type === 'tool_result' : isThinking;
  return [...message.content.filter(leads), ...message.content.filter((block) => !leads(block))];
}

/** The canonical conversation reduced to what Claude takes, alternating and starting with the user. */
function claudeConversation(messages: readonly CanonicalMessage[]): CanonicalMessage[] {
  const kept = messages
    .map((message) => ({
      role: message.role,
      content: message.content.filter((block) => encodeClaudeBlock(block, 'request') !== null),
    }))
    .filter((message) => message.content.length > 0);
  const merged = mergeSameRole(kept).map((message) => ({ role: message.role, content: ordered(message) }));
  if (merged[0]?.role !== 'user')
    merged.unshift({ role: 'user', content: [{ type: 'text', text: CLAUDE_OPENING_TEXT }] });
  return merged;
}

/**
 * The assistant turn Claude checks when thinking is on: the last message when it is the assistant's
 * (a prefill), or the one before a closing user turn of tool results (a tool loop in progress).
 */
function currentAssistantTurn(messages: readonly CanonicalMessage[]): CanonicalMessage | undefined {
  const last = messages.at(-1);
  if (last?.role === 'assistant') return last;
  if (last?.content.some((block) => block.type === 'tool_result')) return messages.at(-2);
  return undefined;
}

/**
 * Whether Claude takes thinking with this request: not beside a forced tool choice, and only when the
 * turn in progress opens with its (signed) thinking.
 */
function thinkingPossible(messages: readonly CanonicalMessage[], forcedTool: boolean): boolean {
  if (forcedTool) return false;
  const turn = currentAssistantTurn(messages);
  return !turn || turn.content[0] === undefined || isThinking(turn.content[0]);
}

/** A prefill (final assistant turn) may not end with whitespace, nor hold thinking when thinking is off. */
function finalTurnFixed(messages: CanonicalMessage[], thinking: boolean): CanonicalMessage[] {
  const last = messages.at(-1);
  if (last?.role !== 'assistant') return messages;
  let content = thinking ? last.content : last.content.filter((block) => !isThinking(block));
  const tail = content.at(-1);
  if (tail?.type === 'text') content = [...content.slice(0, -1), { ...tail, text: tail.text.trimEnd() }];
  content = content.filter((block) => block.type !== 'text' || block.text !== '');
  return content.length > 0
    ? [...messages.slice(0, -1), { role: 'assistant', content }]
    : messages.slice(0, -1);
}

function encodeMessages(messages: readonly CanonicalMessage[]): ClaudeMessage[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content
      .map((block) => encodeClaudeBlock(block, 'request'))
      .filter((block): block is ClaudeContentBlock => block !== null),
  }));
}

function encodeTool(tool: ToolDefinition): ClaudeTool {
  // Claude wants an object schema; OpenAI functions may come without one.
  const schema =
    tool.parameters.type === undefined ? { type: 'object', ...tool.parameters } : tool.parameters;
  const description = flatToolDescription(tool);
  return {
    name: upstreamToolName(tool.name, tool.namespace),
    ...(description !== undefined ? { description } : {}),
    input_schema: schema,
  };
}

/**
 * Claude refuses tool_use blocks in a request without tools (another format's history replayed for a
 * summary, say): the tools called are declared with an open schema and tool_choice none.
 */
function historyTools(messages: readonly CanonicalMessage[]): ClaudeTool[] {
  const names = new Set<string>();
  for (const message of messages)
    for (const block of message.content)
      if (block.type === 'tool_call') names.add(upstreamToolName(block.name, block.namespace));
  return [...names].map((name) => ({ name, input_schema: { type: 'object' } }));
}

function encodeToolChoice(
  choice: ToolChoice | undefined,
  parallel: boolean | undefined,
): ClaudeToolChoice | undefined {
  if (choice?.type === 'none') return { type: 'none' };
  const single = parallel === false ? { disable_parallel_tool_use: true as const } : {};
  if (choice?.type === 'tool')
    return { type: 'tool', name: upstreamToolName(choice.name, choice.namespace), ...single };
  if (choice?.type === 'required') return { type: 'any', ...single };
  if (choice?.type === 'auto' || parallel === false) return { type: 'auto', ...single };
  return undefined;
}

/** Claude's effort names start at `low`. */
function claudeEffort(effort: ReasoningEffort): ClaudeEffort {
  return effort === 'minimal' ? 'low' : effort;
}

/** The tools and tool choice: the client's, the structured-output tool's, or those a replayed history needs. */
function encodeTools(
  request: CanonicalRequest,
  body: ClaudeRequestBody,
  output: { tool: ClaudeTool; choice: ClaudeToolChoice } | null,
): void {
  const tools = request.tools.length > 0 ? request.tools.map(encodeTool) : historyTools(request.messages);
  if (output) {
    body.tools = [...tools, output.tool];
    body.tool_choice = output.choice;
  } else if (request.tools.length > 0) {
    body.tools = tools;
    const choice = encodeToolChoice(request.toolChoice, request.parallelToolCalls);
    if (choice) body.tool_choice = choice;
  } else if (tools.length > 0) {
    body.tools = tools;
    body.tool_choice = { type: 'none' };
  }
}

export function encodeClaudeRequest(request: CanonicalRequest): ClaudeRequestBody {
  const conversation = claudeConversation(request.messages);
  const output = planStructuredOutput(request);
  const reasoning = request.reasoning;
  const budget = reasoningBudget(reasoning);
  const forcedTool =
    output.kind === 'tool'
      ? output.choice.type !== 'auto' && output.choice.type !== 'none'
      : request.toolChoice?.type === 'required' || request.toolChoice?.type === 'tool';
  const thinking = budget !== undefined && thinkingPossible(conversation, forcedTool);
  const body: ClaudeRequestBody = {
    model: request.model,
    max_tokens: request.maxTokens ?? CLAUDE_DEFAULT_MAX_TOKENS,
    messages: encodeMessages(finalTurnFixed(conversation, thinking)),
  };
  if (request.system.length > 0) {
    body.system = request.system.some((block) => block.cacheControl)
      ? request.system.flatMap((block) => {
          const encoded = encodeClaudeBlock(block, 'request');
          return encoded?.type === 'text' ? [encoded] : [];
        })
      : request.system.map((block) => block.text).join('\n\n');
  }
  encodeTools(request, body, output.kind === 'tool' ? output : null);
  if (output.kind === 'native') body.output_config = { format: output.format };
  if (thinking && reasoning?.adaptive && reasoning.budgetTokens === undefined) {
    // The model decides how much to think, guided by the effort when one was asked for.
    body.thinking = { type: 'adaptive' };
    if (reasoning.effort)
      body.output_config = { ...body.output_config, effort: claudeEffort(reasoning.effort) };
  } else if (thinking && budget !== undefined) {
    const budgetTokens = Math.max(CLAUDE_MIN_THINKING_BUDGET, budget);
    // The budget must stay below max_tokens: the answer keeps its own allowance on top of it.
    if (body.max_tokens <= budgetTokens) body.max_tokens += budgetTokens;
    body.thinking = { type: 'enabled', budget_tokens: budgetTokens };
  } else {
    // Claude refuses temperature, top_p and top_k beside thinking, so they go only without it.
    if (request.reasoning?.enabled === false) body.thinking = { type: 'disabled' };
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
    if (request.topK !== undefined) body.top_k = request.topK;
  }
  if (request.stopSequences && request.stopSequences.length > 0) body.stop_sequences = request.stopSequences;
  if (request.stream) body.stream = true;
  if (request.user) body.metadata = { user_id: request.user };
  return body;
}
