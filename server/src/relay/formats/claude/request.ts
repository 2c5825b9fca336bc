/** Anthropic Messages request bodies → the canonical request (server/src/relay/canonical/types.ts). */
import {
  appendAll,
  asNumber,
  asString,
  effortNamed,
  isRecord,
  mergeSameRole,
} from '../../canonical/helpers.ts';
import type {
  CanonicalMessage,
  CanonicalRequest,
  ContentBlock,
  ReasoningSettings,
  ResponseFormat,
  TextBlock,
  ToolChoice,
  ToolDefinition,
} from '../../canonical/types.ts';
import { relayError } from '../../http/errors.ts';
import type { Json } from './claude-types.ts';
import { decodeClaudeBlock, decodeTextBlock } from './content.ts';

function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

function decodeContent(content: unknown, where: string): ContentBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) invalid(`${where}.content must be a string or an array of content blocks`);
  return content
    .map((block) => decodeClaudeBlock(block))
    .filter((block): block is ContentBlock => block !== null);
}

function decodeSystem(value: unknown): TextBlock[] {
  if (typeof value === 'string') return value === '' ? [] : [{ type: 'text', text: value }];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) invalid('system must be a string or an array of text blocks');
  return value.filter((block) => isRecord(block) && block.type === 'text').map(decodeTextBlock);
}

function decodeToolChoice(value: unknown): { choice?: ToolChoice; parallel?: boolean } {
  if (!isRecord(value)) return {};
  const parallel = value.disable_parallel_tool_use === true ? { parallel: false } : {};
  switch (value.type) {
    case 'auto':
      return { choice: { type: 'auto' }, ...parallel };
    case 'any':
      return { choice: { type: 'required' }, ...parallel };
    case 'none':
      return { choice: { type: 'none' } };
    case 'tool':
      if (typeof value.name !== 'string' || value.name === '') invalid('tool_choice.name is required');
      return { choice: { type: 'tool', name: value.name }, ...parallel };
    default:
      return invalid('tool_choice.type must be auto, any, tool or none');
  }
}

/** Custom tools; server tools (web_search_*, code_execution_* …: a versioned `type`) have no portable form. */
function decodeTools(value: unknown): ToolDefinition[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) invalid('tools must be an array');
  const tools: ToolDefinition[] = [];
  for (const [position, tool] of value.entries()) {
    if (!isRecord(tool) || typeof tool.name !== 'string' || tool.name === '')
      invalid(`tools.${position}.name is required`);
    if (tool.type !== undefined && tool.type !== 'custom') continue;
    tools.push({
      name: tool.name,
      ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
      parameters: isRecord(tool.input_schema) ? tool.input_schema : { type: 'object', properties: {} },
    });
  }
  return tools;
}

/** max_tokens when it is a positive integer (decodeClaudeRequest refuses any other value). */
export function claudeMaxTokens(body: Readonly<Json>): number | undefined {
  const maxTokens = asNumber(body.max_tokens);
  return maxTokens !== undefined && maxTokens >= 1 && Number.isInteger(maxTokens) ? maxTokens : undefined;
}

function decodeSampling(body: Json, request: CanonicalRequest): void {
  if (body.max_tokens !== undefined) {
    const maxTokens = asNumber(body.max_tokens);
    if (maxTokens === undefined || maxTokens < 1 || !Number.isInteger(maxTokens))
      invalid('max_tokens must be a positive integer');
    request.maxTokens = maxTokens;
  }
  const temperature = asNumber(body.temperature);
  if (temperature !== undefined) request.temperature = temperature;
  const topP = asNumber(body.top_p);
  if (topP !== undefined) request.topP = topP;
  const topK = asNumber(body.top_k);
  if (topK !== undefined) request.topK = topK;
  if (Array.isArray(body.stop_sequences)) {
    const stops = body.stop_sequences.filter((stop): stop is string => typeof stop === 'string');
    if (stops.length > 0) request.stopSequences = stops;
  }
}

/**
 * Thinking (`enabled` with a budget, `adaptive`, `disabled`; `display: "omitted"` returns no thinking
 * text) and `output_config.effort`, which Claude Code sends beside adaptive thinking.
 */
function decodeReasoning(body: Json): ReasoningSettings | undefined {
  const settings: ReasoningSettings = {};
  const thinking = isRecord(body.thinking) ? body.thinking : undefined;
  if (thinking?.type === 'enabled' || thinking?.type === 'adaptive') {
    settings.enabled = true;
    if (thinking.type === 'adaptive') settings.adaptive = true;
    const budget = asNumber(thinking.budget_tokens);
    if (thinking.type === 'enabled' && budget) settings.budgetTokens = budget;
    settings.includeThoughts = thinking.display !== 'omitted';
  } else if (thinking?.type === 'disabled') settings.enabled = false;
  const effort = isRecord(body.output_config) ? effortNamed(body.output_config.effort) : undefined;
  if (effort) settings.effort = effort;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

/** `output_config.format`, or the older beta `output_format` (a JSON schema, the only kind Claude has). */
function decodeOutputFormat(body: Json): ResponseFormat | undefined {
  const config = isRecord(body.output_config) ? body.output_config : {};
  const format = config.format ?? body.output_format;
  if (format === undefined || format === null) return undefined;
  if (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.schema))
    invalid('output_config.format must be {"type": "json_schema", "schema": {…}}');
  return { type: 'json_schema', schema: format.schema };
}

export function decodeClaudeRequest(
  body: Json,
  context: { model: string; stream: boolean },
): CanonicalRequest {
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    invalid('messages: at least one message is required');
  const system = decodeSystem(body.system);
  const messages: CanonicalMessage[] = [];
  for (const [position, item] of body.messages.entries()) {
    const where = `messages.${position}`;
    if (!isRecord(item)) invalid(`${where} must be an object`);
    const content = decodeContent(item.content, where);
    // Recent Claude Code versions put system entries inside messages: they join the system, in order.
    if (item.role === 'system')
      appendAll(system, content, (block): block is TextBlock => block.type === 'text');
    else if (item.role === 'user' || item.role === 'assistant') messages.push({ role: item.role, content });
    else invalid(`${where}.role must be user or assistant, not ${JSON.stringify(item.role)}`);
  }
  const request: CanonicalRequest = {
    model: asString(body.model) || context.model,
    system,
    messages: mergeSameRole(messages),
    tools: decodeTools(body.tools),
    stream: body.stream === true || context.stream,
  };
  const { choice, parallel } = decodeToolChoice(body.tool_choice);
  if (choice) request.toolChoice = choice;
  if (parallel !== undefined) request.parallelToolCalls = parallel;
  decodeSampling(body, request);
  const reasoning = decodeReasoning(body);
  if (reasoning) request.reasoning = reasoning;
  const format = decodeOutputFormat(body);
  if (format) request.responseFormat = format;
  if (isRecord(body.metadata) && typeof body.metadata.user_id === 'string' && body.metadata.user_id !== '')
    request.user = body.metadata.user_id;
  return request;
}

/**
 * A Claude body made acceptable to the Anthropic API when it passes through: `role: "system"` entries
 * inside messages (as recent Claude Code versions send them) move to the end of the top-level system,
 * their text blocks kept as they came (cache_control included).
 */
export function hoistSystemMessages(body: Json): Json {
  if (
    !Array.isArray(body.messages) ||
    !body.messages.some((item) => isRecord(item) && item.role === 'system')
  )
    return body;
  const system: unknown[] =
    typeof body.system === 'string'
      ? body.system === ''
        ? []
        : [{ type: 'text', text: body.system }]
      : Array.isArray(body.system)
        ? [...body.system]
        : [];
  const messages: unknown[] = [];
  for (const item of body.messages) {
    if (!isRecord(item) || item.role !== 'system') messages.push(item);
    else if (typeof item.content === 'string') {
      if (item.content !== '') system.push({ type: 'text', text: item.content });
    } else if (Array.isArray(item.content))
      for (const block of item.content) if (isRecord(block) && block.type === 'text') system.push(block);
  }
  return { ...body, system, messages };
}
