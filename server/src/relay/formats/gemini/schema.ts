/**
 * Tool and response schemas. Gemini takes two forms: `parameters` / `responseSchema`, an OpenAPI 3.0
 * subset (upper-case types, `nullable`, no `$ref`, `additionalProperties` or `$schema` — refused with
 * "Unknown name … Cannot find field"), and `parametersJsonSchema` / `responseJsonSchema`, plain JSON
 * Schema (`additionalProperties`, `anyOf`, `$ref`/`$defs` accepted). The encoder sends the JSON Schema
 * form (docs/formats.md), without the root `$schema` keyword that the API does not take; the decoder reads
 * both forms into JSON Schema.
 */
import { isRecord } from '../../canonical/helpers.ts';
import type { Json } from './gemini-types.ts';

/** An OpenAPI-subset schema as JSON Schema: lower-case types, `nullable` as a `null` type. */
export function openApiToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiToJsonSchema);
  if (!isRecord(schema)) return schema;
  const result: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable') continue;
    if (key === 'type' && typeof value === 'string') result.type = value.toLowerCase();
    else if (key === 'properties' && isRecord(value))
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [name, openApiToJsonSchema(property)]),
      );
    else if (key === 'items' || key === 'anyOf') result[key] = openApiToJsonSchema(value);
    else result[key] = value;
  }
  if (schema.nullable === true && typeof result.type === 'string') result.type = [result.type, 'null'];
  return result;
}

/** A JSON Schema ready for `parametersJsonSchema` / `responseJsonSchema`. */
export function cleanJsonSchema(schema: Json): Json {
  const { $schema: _schema, ...rest } = schema;
  return rest;
}

/** Whether an object schema declares no parameters at all (Gemini takes such functions without a schema). */
export function declaresNothing(schema: Json): boolean {
  const keys = Object.keys(schema).filter((key) => key !== '$schema' && key !== 'type');
  if (schema.type !== undefined && schema.type !== 'object') return false;
  return keys.every(
    (key) =>
      (key === 'properties' && isRecord(schema.properties) && Object.keys(schema.properties).length === 0) ||
      (key === 'required' && Array.isArray(schema.required) && schema.required.length === 0) ||
      key === 'additionalProperties',
  );
}
