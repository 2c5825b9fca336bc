/**
 * Structured output toward Claude (docs/formats.md, "Structured output"). A JSON schema whose root is an
 * object goes to a model that takes it natively as `output_config.format`, the schema brought within
 * Anthropic's subset the way Anthropic's SDKs do it (every object closed with `additionalProperties:
 * false`; keywords outside the subset moved into the description). Everything else — a model without
 * JSON outputs, JSON mode (`json_object`, which Claude has no mode for), a root that is not an object —
 * is asked for with a forced tool, OUTPUT_TOOL_NAME, whose input is `{"value": <the answer>}`: its call
 * comes back as the reply's text (replies: outputToolText; streams: OutputValueStream), with a normal stop.
 */
import { bareEnumRefused, isRecord } from '../../canonical/helpers.ts';
import { OUTPUT_TOOL_NAME } from '../../canonical/tool-names.ts';
import type { CanonicalRequest, ResponseFormat } from '../../canonical/types.ts';
import type { ClaudeTool, ClaudeToolChoice, Json } from './claude-types.ts';
import { answersJsonNatively } from './models.ts';

export type OutputPlan =
  /** Nothing to shape (text, or a tool choice the client forced: the reply is a call of its tool). */
  | { kind: 'none' }
  | { kind: 'native'; format: { type: 'json_schema'; schema: Json } }
  /** The output tool, added to the client's tools, and the tool choice that makes the model answer with it. */
  | { kind: 'tool'; tool: ClaudeTool; choice: ClaudeToolChoice };

/** String formats Anthropic's JSON outputs take. */
const STRING_FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'uri',
  'ipv4',
  'ipv6',
  'uuid',
]);

/** Keywords kept as they are (the others of a schema go into its description, as constraints in words). */
const KEPT = new Set(['type', 'enum', 'const', 'description', 'title', 'required', '$ref']);

/** A JSON schema within the subset Claude's JSON outputs take. */
export function claudeJsonSchema(schema: Json): Json {
  const result: Json = {};
  const rest: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || key === 'additionalProperties') continue;
    if (KEPT.has(key)) result[key] = value;
    else if (key === 'properties' && isRecord(value))
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, isRecord(item) ? claudeJsonSchema(item) : item]),
      );
    else if ((key === '$defs' || key === 'definitions') && isRecord(value))
      result[key] = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [name, isRecord(item) ? claudeJsonSchema(item) : item]),
      );
    else if (key === 'items' && isRecord(value)) result.items = claudeJsonSchema(value);
    else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value))
      result[key === 'oneOf' ? 'anyOf' : key] = value.map((item) =>
        isRecord(item) ? claudeJsonSchema(item) : item,
      );
    else if (key === 'format' && typeof value === 'string' && STRING_FORMATS.has(value))
      result.format = value;
    else if (key === 'minItems' && (value === 0 || value === 1)) result.minItems = value;
    else rest[key] = value;
  }
  if (result.type === 'object' || (Array.isArray(result.type) && result.type.includes('object'))) {
    result.properties ??= {};
    result.additionalProperties = false;
  }
  const constraints = Object.entries(rest);
  if (constraints.length > 0) {
    const words = `{${constraints.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')}}`;
    result.description = typeof result.description === 'string' ? `${result.description}\n\n${words}` : words;
  }
  return result;
}

function isObjectSchema(schema: Json | undefined): schema is Json {
  return schema !== undefined && schema.type === 'object';
}

/**
 * The output tool's input schema: `{value: <schema>}`, the schema's definitions lifted to the root so that
 * its `#/$defs/…` references still resolve.
 */
function wrappedSchema(format: ResponseFormat): Json {
  const inner: Json =
    format.type === 'json_schema' && format.schema ? { ...format.schema } : { type: 'object' };
  const root: Json = {
    type: 'object',
    properties: { value: inner },
    required: ['value'],
    additionalProperties: false,
  };
  for (const key of ['$defs', 'definitions'] as const) {
    if (inner[key] === undefined) continue;
    root[key] = inner[key];
    delete inner[key];
  }
  delete inner.$schema;
  return root;
}

function outputTool(format: ResponseFormat): ClaudeTool {
  const what = format.type === 'json_schema' && format.schema ? 'JSON that fits its schema' : 'a JSON object';
  const about = [format.name, format.description].filter(Boolean).join(': ');
  return {
    name: OUTPUT_TOOL_NAME,
    description: `Give your final answer by calling this tool: its \`value\` is the whole answer, as ${what}.${about ? ` The answer: ${about}.` : ''}`,
    input_schema: wrappedSchema(format),
  };
}

/** How the request's response format is asked of Claude. */
export function planStructuredOutput(request: CanonicalRequest): OutputPlan {
  const format = request.responseFormat;
  if (!format || format.type === 'text') return { kind: 'none' };
  if (format.type === 'enum') throw bareEnumRefused('Claude');
  if (format.type === 'json_schema' && isObjectSchema(format.schema) && answersJsonNatively(request.model))
    return { kind: 'native', format: { type: 'json_schema', schema: claudeJsonSchema(format.schema) } };
  const choice = request.toolChoice?.type;
  // A forced call of the client's own tool is the whole reply: there is no answer to shape.
  if (choice === 'required' || choice === 'tool') return { kind: 'none' };
  const tool = outputTool(format);
  // With tools of its own the model may still call them; answering is calling the output tool, alone.
  if (request.tools.length > 0 && choice !== 'none')
    return { kind: 'tool', tool, choice: { type: 'any', disable_parallel_tool_use: true } };
  return { kind: 'tool', tool, choice: { type: 'tool', name: OUTPUT_TOOL_NAME } };
}

/** The output tool's whole input as the reply's text: the JSON of its `value`. */
export function outputToolText(input: unknown): string {
  const value = isRecord(input) && Object.hasOwn(input, 'value') ? input.value : input;
  return JSON.stringify(value ?? {}) ?? '{}';
}

/**
 * The output tool's streamed input, `{"value": X}` in pieces, as the text of X in pieces: the key and the
 * braces around X are skipped, X passes as it comes (its strings, escapes and nesting followed one
 * character at a time, so the state is a few fields whatever X's size).
 */
export class OutputValueStream {
  private phase: 'key' | 'value' | 'done' = 'key';
  /** Nesting depth, counting the wrapper object as 1. */
  private depth = 0;
  private inString = false;
  private escaped = false;

  push(piece: string): string {
    let text = '';
    for (const char of piece) {
      if (this.phase === 'done') break;
      if (this.inString) {
        if (this.phase === 'value') text += char;
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
        continue;
      }
      if (this.phase === 'key') {
        if (char === '{') this.depth += 1;
        else if (char === '"') this.inString = true;
        else if (char === ':' && this.depth === 1) this.phase = 'value';
        continue;
      }
      // The value: whitespace around it and the wrapper's closing brace are not part of it.
      if (this.depth === 1 && (char === '}' || char === ',')) {
        this.phase = 'done';
        break;
      }
      if (this.depth === 1 && /\s/.test(char)) continue;
      if (char === '"') this.inString = true;
      else if (char === '{' || char === '[') this.depth += 1;
      else if (char === '}' || char === ']') this.depth -= 1;
      text += char;
    }
    return text;
  }
}
