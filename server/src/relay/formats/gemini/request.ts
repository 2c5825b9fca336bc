/**
 * Gemini generateContent request bodies ↔ the canonical request. The model and the stream flag live in
 * the URL (`/v1beta/models/<model>:generateContent` or `:streamGenerateContent?alt=sse`), never in the body.
 */
import {
  asNumber,
  asString,
  effortNamed,
  isRecord,
  mergeSameRole,
  reasoningBudget,
} from '../../canonical/helpers.ts';
import { flatToolDescription, upstreamToolName } from '../../canonical/tool-names.ts';
import type {
  CanonicalMessage,
  CanonicalRequest,
  ReasoningSettings,
  ResponseFormat,
  TextBlock,
  ToolChoice,
  ToolDefinition,
} from '../../canonical/types.ts';
import { relayError } from '../../http/errors.ts';
import {
  arrayField,
  field,
  type GeminiContent,
  type GeminiPart,
  type Json,
  recordField,
} from './gemini-types.ts';
import { CallIds, decodePart, encodeBlocks } from './parts.ts';
import { cleanJsonSchema, declaresNothing, jsonSchemaToOpenApi, openApiToJsonSchema } from './schema.ts';

function invalid(message: string): never {
  throw relayError(400, 'invalid_request', message);
}

function decodeSystem(value: unknown): TextBlock[] {
  if (typeof value === 'string') return value ? [{ type: 'text', text: value }] : [];
  if (!isRecord(value)) return [];
  return arrayField(value, 'parts').flatMap((part): TextBlock[] =>
    isRecord(part) && typeof part.text === 'string' ? [{ type: 'text', text: part.text }] : [],
  );
}

function decodeContents(value: unknown): CanonicalMessage[] {
  if (!Array.isArray(value) || value.length === 0)
    invalid('contents must be a non-empty array of {role, parts}');
  const ids = new CallIds('');
  const messages: CanonicalMessage[] = [];
  for (const [index, content] of value.entries()) {
    if (!isRecord(content) || !Array.isArray(content.parts))
      invalid(`contents[${index}] must be an object with a parts array`);
    // Older clients send function responses with role "function".
    const role = content.role ?? 'user';
    if (role !== 'user' && role !== 'model' && role !== 'function' && role !== 'tool')
      invalid(`contents[${index}].role must be "user" or "model"`);
    const assistant = role === 'model';
    const blocks = content.parts.flatMap((part, partIndex) => {
      if (!isRecord(part)) invalid(`contents[${index}].parts[${partIndex}] must be an object`);
      return decodePart(part, assistant, ids);
    });
    if (blocks.length > 0) messages.push({ role: assistant ? 'assistant' : 'user', content: blocks });
  }
  return mergeSameRole(messages);
}

function decodeTools(value: unknown): ToolDefinition[] {
  if (value !== undefined && !Array.isArray(value)) invalid('tools must be an array');
  const tools: ToolDefinition[] = [];
  // googleSearch, codeExecution, urlContext … are Gemini's own tools: nothing else can run them.
  for (const tool of value ?? []) {
    if (!isRecord(tool)) continue;
    for (const declaration of arrayField(tool, 'functionDeclarations')) {
      const name = isRecord(declaration) ? asString(declaration.name) : undefined;
      if (!isRecord(declaration) || !name) invalid('every function declaration needs a name');
      const jsonSchema = field(declaration, 'parametersJsonSchema');
      const schema = isRecord(jsonSchema) ? jsonSchema : openApiToJsonSchema(declaration.parameters);
      const description = asString(declaration.description);
      tools.push({
        name,
        ...(description ? { description } : {}),
        parameters: isRecord(schema) ? schema : { type: 'object', properties: {} },
      });
    }
  }
  return tools;
}

function decodeToolChoice(toolConfig: Json | undefined): ToolChoice | undefined {
  const config = toolConfig ? recordField(toolConfig, 'functionCallingConfig') : undefined;
  if (!config) return undefined;
  const allowed = arrayField(config, 'allowedFunctionNames').filter((name) => typeof name === 'string');
  switch (config.mode) {
    case 'NONE':
      return { type: 'none' };
    case 'ANY':
      return allowed.length === 1 ? { type: 'tool', name: allowed[0] as string } : { type: 'required' };
    case 'AUTO':
    case 'VALIDATED':
      return { type: 'auto' };
    default:
      return undefined;
  }
}

function decodeReasoning(config: Json | undefined): ReasoningSettings | undefined {
  if (!config) return undefined;
  const reasoning: ReasoningSettings = {};
  const budget = asNumber(field(config, 'thinkingBudget'));
  if (budget === 0) reasoning.enabled = false;
  else if (budget !== undefined) {
    reasoning.enabled = true;
    // -1 is Gemini's dynamic budget: on, the amount left to the model.
    if (budget > 0) reasoning.budgetTokens = budget;
    else reasoning.adaptive = true;
  }
  const level = asString(field(config, 'thinkingLevel'));
  const effort = level ? effortNamed(level.toLowerCase()) : undefined;
  if (effort) {
    reasoning.enabled = true;
    reasoning.effort = effort;
  }
  const include = field(config, 'includeThoughts');
  if (typeof include === 'boolean') reasoning.includeThoughts = include;
  return Object.keys(reasoning).length > 0 ? reasoning : undefined;
}

/**
 * responseMimeType with responseJsonSchema (JSON Schema) or responseSchema (OpenAPI subset, read as JSON
 * Schema): JSON that fits the schema, any JSON (no schema), or `text/x.enum`, one of the schema's values
 * as bare text.
 */
function decodeResponseFormat(config: Json): ResponseFormat | undefined {
  const jsonSchema = field(config, 'responseJsonSchema');
  const schema = isRecord(jsonSchema) ? jsonSchema : openApiToJsonSchema(field(config, 'responseSchema'));
  const mimeType = field(config, 'responseMimeType');
  if (mimeType === 'text/x.enum' && isRecord(schema)) return { type: 'enum', schema };
  if (isRecord(schema)) return { type: 'json_schema', schema };
  return mimeType === 'application/json' ? { type: 'json_object' } : undefined;
}

function numberField(config: Json, name: string): number | undefined {
  return asNumber(field(config, name));
}

/** generationConfig.maxOutputTokens when it is a number. */
export function geminiMaxTokens(body: Readonly<Json>): number | undefined {
  const config = recordField(body, 'generationConfig');
  return config ? numberField(config, 'maxOutputTokens') : undefined;
}

export function decodeGeminiRequest(
  body: Record<string, unknown>,
  context: { model: string; stream: boolean },
): CanonicalRequest {
  const request: CanonicalRequest = {
    model: context.model,
    system: decodeSystem(field(body, 'systemInstruction')),
    messages: decodeContents(body.contents),
    tools: decodeTools(body.tools),
    stream: context.stream,
  };
  const toolChoice = decodeToolChoice(recordField(body, 'toolConfig'));
  if (toolChoice) request.toolChoice = toolChoice;
  const config = recordField(body, 'generationConfig') ?? {};
  const numbers = {
    maxTokens: 'maxOutputTokens',
    temperature: 'temperature',
    topP: 'topP',
    topK: 'topK',
    candidateCount: 'candidateCount',
    presencePenalty: 'presencePenalty',
    frequencyPenalty: 'frequencyPenalty',
    seed: 'seed',
  } as const;
  for (const [key, name] of Object.entries(numbers) as [keyof typeof numbers, string][]) {
    const value = numberField(config, name);
    if (value !== undefined) request[key] = value;
  }
  const stops = field(config, 'stopSequences');
  if (Array.isArray(stops)) request.stopSequences = stops.filter((stop) => typeof stop === 'string');
  const reasoning = decodeReasoning(recordField(config, 'thinkingConfig'));
  if (reasoning) request.reasoning = reasoning;
  const responseFormat = decodeResponseFormat(config);
  if (responseFormat) request.responseFormat = responseFormat;
  return request;
}

/** The placeholder Google documents for function calls replayed without a thought signature. */
export const SKIP_SIGNATURE = 'skip_thought_signature_validator';

/** Gemini 3 and later refuse a replayed function call without a signature (the first call of a turn). */
function needsSignatures(model: string): boolean {
  const major = /gemini-(\d+)/i.exec(model)?.[1];
  return major !== undefined && Number(major) >= 3;
}

function encodeContents(request: CanonicalRequest): GeminiContent[] {
  const names = new Map<string, string>();
  const signatures = needsSignatures(request.model);
  const contents: GeminiContent[] = [];
  for (const message of mergeSameRole(request.messages)) {
    const parts = encodeBlocks(message.content, names, true);
    if (parts.length === 0) continue;
    const firstCall = parts.find((part) => part.functionCall);
    if (signatures && message.role === 'assistant' && firstCall && !firstCall.thoughtSignature)
      firstCall.thoughtSignature = SKIP_SIGNATURE;
    contents.push({ role: message.role === 'assistant' ? 'model' : 'user', parts });
  }
  return contents;
}

function encodeToolChoice(choice: ToolChoice): Json {
  switch (choice.type) {
    case 'auto':
      return { mode: 'AUTO' };
    case 'none':
      return { mode: 'NONE' };
    case 'required':
      return { mode: 'ANY' };
    case 'tool':
      return { mode: 'ANY', allowedFunctionNames: [upstreamToolName(choice.name, choice.namespace)] };
  }
}

function encodeThinking(reasoning: ReasoningSettings | undefined): Json | undefined {
  if (!reasoning) return undefined;
  const config: Json = {};
  if (reasoning.enabled === false) config.thinkingBudget = 0;
  else if (reasoning.enabled && reasoning.budgetTokens === undefined && !reasoning.effort)
    config.thinkingBudget = -1;
  else {
    const budget = reasoningBudget(reasoning);
    if (budget !== undefined) config.thinkingBudget = budget;
  }
  if (reasoning.includeThoughts !== undefined && reasoning.enabled !== false)
    config.includeThoughts = reasoning.includeThoughts;
  return Object.keys(config).length > 0 ? config : undefined;
}

function encodeGenerationConfig(request: CanonicalRequest): Json {
  const config: Json = {};
  const set = (name: string, value: unknown) => {
    if (value !== undefined) config[name] = value;
  };
  set('maxOutputTokens', request.maxTokens);
  set('temperature', request.temperature);
  set('topP', request.topP);
  set('topK', request.topK);
  if (request.stopSequences?.length) config.stopSequences = request.stopSequences;
  set('candidateCount', request.candidateCount);
  set('presencePenalty', request.presencePenalty);
  set('frequencyPenalty', request.frequencyPenalty);
  set('seed', request.seed);
  const format = request.responseFormat;
  if (format?.type === 'enum' && format.schema) {
    config.responseMimeType = 'text/x.enum';
    config.responseSchema = jsonSchemaToOpenApi(format.schema);
  } else if (format && format.type !== 'text') {
    config.responseMimeType = 'application/json';
    if (format.type === 'json_schema' && format.schema)
      config.responseJsonSchema = cleanJsonSchema(format.schema);
  }
  set('thinkingConfig', encodeThinking(request.reasoning));
  return config;
}

/** The canonical request as a Gemini body (no model, no stream flag: the provider builds the URL). */
export function encodeGeminiRequest(request: CanonicalRequest): Record<string, unknown> {
  const body: Json = { contents: encodeContents(request) };
  if (request.system.length > 0)
    body.systemInstruction = { parts: request.system.map((block): GeminiPart => ({ text: block.text })) };
  if (request.tools.length > 0) {
    const functionDeclarations = request.tools.map((tool) => ({
      name: upstreamToolName(tool.name, tool.namespace),
      ...(flatToolDescription(tool) ? { description: flatToolDescription(tool) } : {}),
      ...(declaresNothing(tool.parameters) ? {} : { parametersJsonSchema: cleanJsonSchema(tool.parameters) }),
    }));
    body.tools = [{ functionDeclarations }];
  }
  if (request.toolChoice) body.toolConfig = { functionCallingConfig: encodeToolChoice(request.toolChoice) };
  const generationConfig = encodeGenerationConfig(request);
  if (Object.keys(generationConfig).length > 0) body.generationConfig = generationConfig;
  return body;
}
