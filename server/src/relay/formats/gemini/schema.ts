/**
 * Tool and response schemas. Gemini takes two forms: `parameters` / `responseSchema`, an OpenAPI 3.0
 * subset (upper-case types, `nullable`, no `$ref`, `additionalProperties` or `$schema` — refused with
 * "Unknown name … Cannot find field"), and `parametersJsonSchema` / `responseJsonSchema`, plain JSON
 * Schema (`additionalProperties`, `anyOf`, `$ref`/`$defs` accepted). The encoder sends the JSON Schema
 * form (docs/formats.md), without the root `$schema` keyword that the API does not take — the OpenAPI form
 * only for `text/x.enum`, whose schema is a plain enum —; the decoder reads both forms into JSON Schema.
 */
import { isRecord } from '../../canonical/helpers.ts';
import type { Json } from './gemini-types.ts';

/**
 * An OpenAPI-subset schema as JSON Schema: lower-case types, `nullable` as a `null` type; Gemini's own
 * `propertyOrdering` and the `enum` string format (which JSON Schema says with `enum` alone) are left out.
 */
export function openApiToJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(openApiToJsonSchema);
  if (!isRecord(schema)) return schema;
  const result: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'nullable' || key === 'propertyOrdering' || (key === 'format' && value === 'enum')) continue;
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

/** Keywords of JSON Schema the OpenAPI subset has too (the others are refused as unknown fields). */
const OPENAPI_KEYWORDS = new Set([
  'format',
  'title',
  'description',
  'enum',
  'required',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'default',
  'example',
]);

/**
 * A JSON Schema in the OpenAPI subset of `responseSchema` (upper-case types, a `null` type as `nullable`,
 * `anyOf`, `items` and `properties` converted in turn); keywords the subset lacks (`additionalProperties`,
 * `$ref` …) are left out.
 */
export function jsonSchemaToOpenApi(schema: Json): Json {
  const result: Json = {};
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const named = types.filter((type): type is string => typeof type === 'string' && type !== 'null');
  if (named[0]) result.type = named[0].toUpperCase();
  if (types.includes('null')) result.nullable = true;
  for (const [key, value] of Object.entries(schema)) {
    if (OPENAPI_KEYWORDS.has(key)) result[key] = value;
    else if (key === 'items' && isRecord(value)) result.items = jsonSchemaToOpenApi(value);
    else if ((key === 'anyOf' || key === 'oneOf') && Array.isArray(value))
      result.anyOf = value.filter(isRecord).map(jsonSchemaToOpenApi);
    else if (key === 'properties' && isRecord(value))
      result.properties = Object.fromEntries(
        Object.entries(value).map(([name, item]) => [
          name,
          isRecord(item) ? jsonSchemaToOpenApi(item) : item,
        ]),
      );
  }
  if (result.enum !== undefined && result.type === undefined) result.type = 'STRING';
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
