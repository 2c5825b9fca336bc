/** OpenAI Responses requests (`POST /v1/responses`, stateless use) ↔ the canonical request. */
import {
  appendAll,
  asNumber,
  asString,
  bareEnumRefused,
  effortNamed,
  isRecord,
  openAiEffort,
  reasoningEffort,
} from '../../canonical/helpers.ts';
import { namespaceField } from '../../canonical/tool-names.ts';
import type {
  CanonicalRequest,
  ReasoningSettings,
  ResponseFormat,
  TextBlock,
  ToolChoice,
  ToolDefinition,
} from '../../canonical/types.ts';
import { decodeInput, encodeInput, invalid } from './input.ts';
import type { Json } from './responses-types.ts';

/** The smallest max_output_tokens OpenAI accepts. */
export const MIN_OUTPUT_TOKENS = 16;

/**
 * The `previous_response_id` of a Responses body, when it names one. Only a Responses upstream holds the
 * stored conversation it points to; the caller refuses it (400) for any other upstream.
 */
export function previousResponseId(body: Record<string, unknown>): string | undefined {
  const id = body.previous_response_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/**
 * A custom (freeform) tool as a function with one string argument `input`, as the Codex CLI also
 * declares apply_patch for models without freeform tools: the call's arguments are `{"input": "…"}`.
 */
function customTool(tool: Json, name: string): ToolDefinition {
  const format = isRecord(tool.format) ? tool.format : {};
  const grammar =
    format.type === 'grammar' && typeof format.definition === 'string'
      ? ` It must follow this ${asString(format.syntax) ?? ''} grammar:\n${format.definition}`
      : '';
  const description = `${asString(tool.description) ?? ''}\n\nPass the tool's whole raw input as the string argument \`input\`.${grammar}`;
  return {
    name,
    description: description.trimStart(),
    parameters: {
      type: 'object',
      properties: { input: { type: 'string' } },
      required: ['input'],
      additionalProperties: false,
    },
  };
}

/** A function or custom tool; null for any other (built-in tools run at OpenAI only). */
function decodeTool(tool: Json): ToolDefinition | null {
  if (typeof tool.name !== 'string') return null;
  if (tool.type === 'custom') return customTool(tool, tool.name);
  if (tool.type !== 'function') return null;
  return {
    name: tool.name,
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    parameters: isRecord(tool.parameters) ? tool.parameters : { type: 'object', properties: {} },
    ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
  };
}

/**
 * Function and custom tools, those grouped in a `namespace` tool (Codex's sub-agent tools) included, each
 * with its namespace. Built-in tools (web_search, file_search, computer_use, code_interpreter, local_shell
 * …) run at OpenAI and are left out.
 */
function decodeTools(value: unknown): ToolDefinition[] {
  if (!Array.isArray(value)) return [];
  const tools: ToolDefinition[] = [];
  for (const tool of value) {
    if (!isRecord(tool)) continue;
    if (tool.type === 'namespace' && typeof tool.name === 'string' && Array.isArray(tool.tools)) {
      const description = asString(tool.description);
      for (const member of tool.tools) {
        const decoded = isRecord(member) ? decodeTool(member) : null;
        if (decoded)
          tools.push({
            ...decoded,
            namespace: tool.name,
            ...(description ? { namespaceDescription: description } : {}),
          });
      }
      continue;
    }
    const decoded = decodeTool(tool);
    if (decoded) tools.push(decoded);
  }
  return tools;
}

function decodeToolChoice(value: unknown): ToolChoice | undefined {
  if (value === 'auto' || value === 'none' || value === 'required') return { type: value };
  if (!isRecord(value)) return undefined;
  if ((value.type === 'function' || value.type === 'custom') && typeof value.name === 'string')
    return { type: 'tool', name: value.name, ...namespaceField(asString(value.namespace)) };
  if (value.type === 'allowed_tools') return { type: value.mode === 'required' ? 'required' : 'auto' };
  return undefined;
}

function decodeReasoning(value: unknown): ReasoningSettings | undefined {
  if (!isRecord(value)) return undefined;
  const settings: ReasoningSettings = {};
  if (value.effort === 'none') settings.enabled = false;
  else {
    const effort = effortNamed(value.effort);
    if (effort) {
      settings.enabled = true;
      settings.effort = effort;
    }
  }
  const summary = value.summary ?? value.generate_summary;
  if (summary === 'auto' || summary === 'concise' || summary === 'detailed') settings.includeThoughts = true;
  return Object.keys(settings).length > 0 ? settings : undefined;
}

function decodeFormat(value: unknown): ResponseFormat | undefined {
  const format = isRecord(value) && isRecord(value.format) ? value.format : undefined;
  if (!format) return undefined;
  if (format.type === 'text' || format.type === 'json_object') return { type: format.type };
  if (format.type !== 'json_schema') return undefined;
  const name = asString(format.name);
  const description = asString(format.description);
  return {
    type: 'json_schema',
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(isRecord(format.schema) ? { schema: format.schema } : {}),
    ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}),
  };
}

/** max_output_tokens when it is a positive number. */
export function responsesMaxTokens(body: Readonly<Json>): number | undefined {
  const maxTokens = asNumber(body.max_output_tokens);
  return maxTokens !== undefined && maxTokens > 0 ? maxTokens : undefined;
}

export function decodeResponsesRequest(
  body: Json,
  context: { model: string; stream: boolean },
): CanonicalRequest {
  if (body.input === undefined) invalid('input: a string or an array of input items is required');
  const { system: inputSystem, messages } = decodeInput(body.input);
  const system: TextBlock[] = [];
  const instructions = asString(body.instructions);
  if (instructions) system.push({ type: 'text', text: instructions });
  appendAll(system, inputSystem);
  const request: CanonicalRequest = {
    model: asString(body.model) ?? context.model,
    system,
    messages,
    tools: decodeTools(body.tools),
    stream: body.stream === true || context.stream,
  };
  const toolChoice = decodeToolChoice(body.tool_choice);
  if (toolChoice) request.toolChoice = toolChoice;
  if (typeof body.parallel_tool_calls === 'boolean') request.parallelToolCalls = body.parallel_tool_calls;
  const maxTokens = responsesMaxTokens(body);
  if (maxTokens !== undefined) request.maxTokens = maxTokens;
  const temperature = asNumber(body.temperature);
  if (temperature !== undefined) request.temperature = temperature;
  const topP = asNumber(body.top_p);
  if (topP !== undefined) request.topP = topP;
  const reasoning = decodeReasoning(body.reasoning);
  if (reasoning) request.reasoning = reasoning;
  const format = decodeFormat(body.text);
  if (format) request.responseFormat = format;
  const user = asString(body.user) ?? asString(body.safety_identifier);
  if (user) request.user = user;
  return request;
}

function encodeToolChoice(choice: ToolChoice): unknown {
  return choice.type === 'tool'
    ? { type: 'function', name: choice.name, ...namespaceField(choice.namespace) }
    : choice.type;
}

function encodeFormat(format: ResponseFormat): Json {
  if (format.type === 'enum') throw bareEnumRefused('OpenAI');
  if (format.type !== 'json_schema') return { type: format.type };
  return {
    type: 'json_schema',
    name: format.name ?? 'response',
    ...(format.description ? { description: format.description } : {}),
    schema: format.schema ?? { type: 'object' },
    ...(format.strict !== undefined ? { strict: format.strict } : {}),
  };
}

function encodeFunction(tool: ToolDefinition): Json {
  return {
    type: 'function',
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parameters: tool.parameters,
    // The Responses API makes function tools strict unless told otherwise.
    strict: tool.strict ?? false,
  };
}

/** Function tools, those of a namespace grouped back into their `namespace` tool (at its first member's place). */
function encodeTools(tools: readonly ToolDefinition[]): Json[] {
  const encoded: Json[] = [];
  const namespaces = new Map<string, Json[]>();
  for (const tool of tools) {
    if (!tool.namespace) {
      encoded.push(encodeFunction(tool));
      continue;
    }
    let members = namespaces.get(tool.namespace);
    if (!members) {
      members = [];
      namespaces.set(tool.namespace, members);
      encoded.push({
        type: 'namespace',
        name: tool.namespace,
        description: tool.namespaceDescription ?? '',
        tools: members,
      });
    }
    members.push(encodeFunction(tool));
  }
  return encoded;
}

/** A stateless Responses body (`store: false`; reasoning comes back encrypted so it can be sent again). */
export function encodeResponsesRequest(request: CanonicalRequest): Json {
  const body: Json = { model: request.model };
  // The first instruction is `instructions`, later ones developer messages (as they arrive from Codex).
  const [first, ...later] = request.system;
  if (first) body.instructions = first.text;
  body.input = [
    ...later.map((block) => ({
      type: 'message',
      role: 'developer',
      content: [{ type: 'input_text', text: block.text }],
    })),
    ...encodeInput(request.messages),
  ];
  if (request.tools.length > 0) {
    body.tools = encodeTools(request.tools);
    if (request.toolChoice) body.tool_choice = encodeToolChoice(request.toolChoice);
    if (request.parallelToolCalls !== undefined) body.parallel_tool_calls = request.parallelToolCalls;
  } else if (request.toolChoice?.type === 'none') body.tool_choice = 'none';
  if (request.maxTokens !== undefined)
    body.max_output_tokens = Math.max(MIN_OUTPUT_TOKENS, request.maxTokens);
  const effort = reasoningEffort(request.reasoning);
  if (effort) {
    body.reasoning = {
      effort: openAiEffort(effort),
      ...(request.reasoning?.includeThoughts ? { summary: 'auto' } : {}),
    };
    body.include = ['reasoning.encrypted_content'];
  } else {
    // OpenAI reasoning models refuse sampling settings.
    if (request.temperature !== undefined) body.temperature = request.temperature;
    if (request.topP !== undefined) body.top_p = request.topP;
  }
  if (request.responseFormat) body.text = { format: encodeFormat(request.responseFormat) };
  if (request.stream) body.stream = true;
  body.store = false;
  if (request.user) body.user = request.user;
  return body;
}
