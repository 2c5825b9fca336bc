/**
 * Structured output as the fake vendors answer it, written from the vendors' documentation and
 * independently of the gateway: a value that fits a JSON Schema (or Gemini's OpenAPI-subset schema), and
 * what Anthropic's and Gemini's APIs refuse in a request for structured output. The fakes answer JSON made
 * from the schema they received, so a schema the gateway mangled gives a reply the client's own parser
 * (zod, through the official SDKs) refuses.
 */

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sample strings for the string formats the vendors document. */
const FORMAT_SAMPLES: Record<string, string> = {
  'date-time': '2025-01-02T03:04:05Z',
  date: '2025-01-02',
  time: '03:04:05',
  email: 'someone@example.com',
  uri: 'https://example.com/',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
};

function resolveReference(reference: string, root: Json): unknown {
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(reference);
  if (!match) return undefined;
  const definitions = root[match[1] as string];
  return isRecord(definitions) ? definitions[match[2] as string] : undefined;
}

/** A number within the schema's bounds (1 when they allow it). */
function sampleNumber(schema: Json, integer: boolean): number {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let value = 1;
  if (minimum !== undefined && value < minimum) value = integer ? Math.ceil(minimum) : minimum;
  if (maximum !== undefined && value > maximum) value = integer ? Math.floor(maximum) : maximum;
  return value;
}

/**
 * A value that fits `schema`: every declared property, one item per array (or minItems), the first enum
 * value or anyOf branch, `sample` for strings (a sample of the format when it names one), 1 for numbers.
 * Type names are read in either case (Gemini's OpenAPI subset spells them STRING, OBJECT …).
 */
export function sampleValue(
  schema: unknown,
  root: Json = isRecord(schema) ? schema : {},
  depth = 0,
): unknown {
  if (!isRecord(schema) || depth > 20) return {};
  if (typeof schema.$ref === 'string')
    return sampleValue(resolveReference(schema.$ref, root), root, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches) && branches.length > 0) return sampleValue(branches[0], root, depth + 1);
  }
  if (Array.isArray(schema.allOf))
    return Object.assign({}, ...schema.allOf.map((part) => sampleValue(part, root, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = String(types.find((name) => String(name).toLowerCase() !== 'null') ?? types[0] ?? 'object');
  switch (type.toLowerCase()) {
    case 'string':
      return FORMAT_SAMPLES[String(schema.format)] ?? 'sample';
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = typeof schema.minItems === 'number' && schema.minItems > 1 ? schema.minItems : 1;
      return Array.from({ length: count }, () => sampleValue(schema.items, root, depth + 1));
    }
    default: {
      const properties = isRecord(schema.properties) ? schema.properties : {};
      return Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [name, sampleValue(property, root, depth + 1)]),
      );
    }
  }
}

/** JSON text of a sample, spaced like a model writes it (the OpenAI fake streams it word by word). */
export function sampleJson(schema: unknown): string {
  return JSON.stringify(sampleValue(schema), null, 1);
}

/**
 * Anthropic's JSON outputs (`output_config.format`) on the Claude API: generally available from the 4.5
 * models on (Sonnet 4.5, Haiku 4.5, Opus 4.5, the 4.6 models and later); earlier models refuse it.
 */
export function claudeTakesJsonOutputs(model: string): boolean {
  const match = /claude-[a-z]+-(\d+)(?:-(\d)(?!\d))?/.exec(model);
  if (!match) return false;
  const major = Number(match[1]);
  const minor = match[2] === undefined ? 0 : Number(match[2]);
  return major > 4 || (major === 4 && minor >= 5);
}

/** Keywords Anthropic's JSON outputs do not take (its SDKs move them into descriptions). */
const CLAUDE_REFUSED_KEYWORDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
];

/** What the Claude API refuses in a JSON-outputs schema, or null: open objects, numeric and length bounds. */
export function claudeSchemaProblem(schema: unknown, path: string): string | null {
  if (Array.isArray(schema)) {
    for (const [index, item] of schema.entries()) {
      const problem = claudeSchemaProblem(item, `${path}.${index}`);
      if (problem) return problem;
    }
    return null;
  }
  if (!isRecord(schema)) return null;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('object') && schema.additionalProperties !== false)
    return `${path}: For 'object' type, 'additionalProperties' must be explicitly set to false`;
  for (const keyword of CLAUDE_REFUSED_KEYWORDS)
    if (schema[keyword] !== undefined) return `${path}: '${keyword}' is not supported in output schemas`;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' || key === '$defs' || key === 'definitions') {
      for (const [name, item] of Object.entries(isRecord(value) ? value : {})) {
        const problem = claudeSchemaProblem(item, `${path}.${key}.${name}`);
        if (problem) return problem;
      }
    } else if (key === 'items' || key === 'anyOf' || key === 'allOf') {
      const problem = claudeSchemaProblem(value, `${path}.${key}`);
      if (problem) return problem;
    }
  }
  return null;
}

/** Keys Gemini's OpenAPI-subset `responseSchema` refuses ("Unknown name … Cannot find field"). */
const OPENAPI_UNKNOWN = [
  'additionalProperties',
  '$schema',
  '$ref',
  '$defs',
  'definitions',
  'const',
  'oneOf',
  'allOf',
];

function openApiProblem(schema: unknown, path: string): string | null {
  if (!isRecord(schema)) return null;
  for (const key of OPENAPI_UNKNOWN)
    if (schema[key] !== undefined)
      return `Invalid JSON payload received. Unknown name "${key}" at '${path}': Cannot find field.`;
  if (Array.isArray(schema.type))
    return `Invalid JSON payload received. Proto field is not repeating, cannot start list at '${path}.type'.`;
  const nested: [string, unknown][] = [
    ['items', schema.items],
    ...Object.entries(isRecord(schema.properties) ? schema.properties : {}).map(
      ([name, item]): [string, unknown] => [`properties[${name}].value`, item],
    ),
    ...(Array.isArray(schema.anyOf)
      ? schema.anyOf.map((item, index): [string, unknown] => [`any_of[${index}]`, item])
      : []),
  ];
  for (const [where, item] of nested) {
    const problem = openApiProblem(item, `${path}.${where}`);
    if (problem) return problem;
  }
  return null;
}

/** What the Gemini API refuses in a generationConfig's response format, or null. */
export function geminiFormatProblem(config: Json, declaresFunctions: boolean, model: string): string | null {
  const mimeType = config.responseMimeType;
  const schema = config.responseSchema;
  const jsonSchema = config.responseJsonSchema;
  if (schema !== undefined && jsonSchema !== undefined)
    return 'responseSchema and responseJsonSchema cannot both be set.';
  if (
    (schema !== undefined || jsonSchema !== undefined) &&
    mimeType !== 'application/json' &&
    mimeType !== 'text/x.enum'
  )
    return 'response_mime_type must be one of [application/json, text/x.enum] when response_schema is set.';
  if (schema !== undefined) {
    const problem = openApiProblem(schema, 'generation_config.response_schema');
    if (problem) return problem;
  }
  // Gemini 2.5 and older take no JSON mode beside function calling.
  if (declaresFunctions && mimeType === 'application/json' && /gemini-[12][.-]/.test(model))
    return "Function calling with a response mime type: 'application/json' is unsupported";
  return null;
}

/** The text a Gemini model answers for a structured-output request, or null for plain text. */
export function geminiStructuredText(config: Json): string | null {
  const schema = config.responseJsonSchema ?? config.responseSchema;
  if (config.responseMimeType === 'text/x.enum') {
    const values = isRecord(schema) && Array.isArray(schema.enum) ? schema.enum : [];
    return String(values[0] ?? '');
  }
  if (config.responseMimeType !== 'application/json') return null;
  return JSON.stringify(schema === undefined ? { answer: 'sample' } : sampleValue(schema));
}

/** What the Claude API refuses in a body's structured output and forced tool choice, or null. */
export function claudeOutputProblem(body: Json, model: string): string | null {
  const choice = isRecord(body.tool_choice) ? body.tool_choice.type : undefined;
  const thinking = isRecord(body.thinking) ? body.thinking.type : undefined;
  if ((choice === 'any' || choice === 'tool') && (thinking === 'enabled' || thinking === 'adaptive'))
    return 'Thinking may not be enabled when tool_choice forces tool use.';
  const format = isRecord(body.output_config) ? body.output_config.format : undefined;
  if (format === undefined) return null;
  if (!claudeTakesJsonOutputs(model)) return `'${model}' does not support output_config.format.`;
  if (!isRecord(format) || format.type !== 'json_schema' || !isRecord(format.schema))
    return 'output_config.format: Input should be an object with type json_schema and a schema';
  return claudeSchemaProblem(format.schema, 'output_config.format.schema');
}

/** The JSON text a Claude model answers when asked for JSON outputs, or null. */
export function claudeStructuredText(body: Json): string | null {
  const format = isRecord(body.output_config) ? body.output_config.format : undefined;
  return isRecord(format) ? JSON.stringify(sampleValue(format.schema)) : null;
}

/**
 * The call a forced tool choice makes: `{type: "tool"}` calls that tool; `{type: "any"}` after a tool
 * result (the model has what it needed and must still call a tool) calls the last tool offered, where a
 * tool meant for the answer goes. The input fits the tool's schema.
 */
export function claudeForcedToolUse(body: Json): { name: string; input: Json } | null {
  const choice = isRecord(body.tool_choice) ? body.tool_choice : undefined;
  const tools = Array.isArray(body.tools) ? body.tools.filter(isRecord) : [];
  let tool: Json | undefined;
  if (choice?.type === 'tool') tool = tools.find((item) => item.name === choice.name);
  else if (choice?.type === 'any') {
    const messages = Array.isArray(body.messages) ? body.messages.filter(isRecord) : [];
    const last = messages.at(-1)?.content;
    const answered =
      Array.isArray(last) && last.some((block) => isRecord(block) && block.type === 'tool_result');
    if (answered) tool = tools.at(-1);
  }
  if (!tool) return null;
  const input = sampleValue(tool.input_schema);
  return { name: String(tool.name), input: isRecord(input) ? input : {} };
}
