/**
 * The fake OpenAI upstream's answer to a chat request's `response_format`, as OpenAI's documentation and
 * its refusals describe it: JSON mode needs the word "json" in the messages; a JSON schema needs a name and
 * an object at its root, and when strict, every object closed (`additionalProperties: false`) with all its
 * properties required. The reply is JSON made from the schema the request carried
 * (../fake-vendors/structured-output.ts).
 */
import { sampleJson } from '../fake-vendors/structured-output.ts';
import type { JsonObject } from './replies.ts';

export type StructuredReply = { error: JsonObject } | { text: string } | null;

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function refusal(message: string, param: string | null): StructuredReply {
  return { error: { error: { message, type: 'invalid_request_error', param, code: null } } };
}

function messagesMention(body: JsonObject, word: string): boolean {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return messages.some((message) =>
    JSON.stringify(isRecord(message) ? message.content : '')
      .toLowerCase()
      .includes(word),
  );
}

/** The first object of a strict schema that is open or leaves a property out of `required`, as OpenAI says it. */
function strictProblem(schema: unknown, context: string): string | null {
  if (!isRecord(schema)) return null;
  if (schema.type === 'object') {
    if (schema.additionalProperties !== false)
      return `In context=(${context}), 'additionalProperties' is required to be supplied and to be false.`;
    const properties = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = properties.find((name) => !required.includes(name));
    if (missing)
      return `In context=(${context}), 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  }
  const nested = [
    ...Object.entries(isRecord(schema.properties) ? schema.properties : {}).map(
      ([name, item]): [string, unknown] => [`'properties', '${name}'`, item],
    ),
    ["'items'", schema.items] as [string, unknown],
  ];
  for (const [where, item] of nested) {
    const problem = strictProblem(item, context ? `${context}, ${where}` : where);
    if (problem) return problem;
  }
  return null;
}

/** OpenAI's answer to the request's response_format: a refusal, the JSON text to reply with, or null. */
export function structuredChatReply(body: JsonObject): StructuredReply {
  const format = body.response_format;
  if (!isRecord(format) || format.type === 'text') return null;
  if (format.type === 'json_object') {
    if (!messagesMention(body, 'json'))
      return refusal(
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        'messages',
      );
    return { text: sampleJson({ type: 'object', properties: { answer: { type: 'string' } } }) };
  }
  if (format.type !== 'json_schema')
    return refusal(`Invalid value: '${String(format.type)}'.`, 'response_format.type');
  const definition = isRecord(format.json_schema) ? format.json_schema : {};
  if (typeof definition.name !== 'string')
    return refusal(
      "Missing required parameter: 'response_format.json_schema.name'.",
      'response_format.json_schema.name',
    );
  const schema = isRecord(definition.schema) ? definition.schema : { type: 'object' };
  const name = definition.name;
  if (schema.type !== 'object')
    return refusal(
      `Invalid schema for response_format '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${String(schema.type)}"'.`,
      'response_format',
    );
  const problem = definition.strict === true ? strictProblem(schema, '') : null;
  if (problem) return refusal(`Invalid schema for response_format '${name}': ${problem}`, 'response_format');
  return { text: sampleJson(schema) };
}
