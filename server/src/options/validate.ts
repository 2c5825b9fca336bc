/**
 * Validates and normalises a console-set option value by its catalogue entry. Invalid input is a 400;
 * an enable-guard that is not met (e.g. GitHub OAuth without a client id) is a business failure.
 */
import { isHttpAddress, normalizeHttpAddress } from '../../../common/http-address.ts';
import { badRequest, businessFailure } from '../lib/errors.ts';
import { isMessageKey } from '../lib/messages.ts';
import {
  type BooleanOptionDefinition,
  type JsonOptionDefinition,
  type NumberOptionDefinition,
  optionDefinition,
  type StringOptionDefinition,
} from './catalogue.ts';

/** Reads the current value of another option (for enable-guards). */
export type OptionLookup = (key: string) => string;

const numberPattern = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const domainPattern =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/i;

function validateBoolean(definition: BooleanOptionDefinition, value: string, current: OptionLookup): string {
  const normalised = value.trim().toLowerCase();
  if (normalised !== 'true' && normalised !== 'false') {
    throw badRequest('option.invalid_boolean', { key: definition.key });
  }
  const guard = definition.enableGuard;
  if (normalised === 'true' && guard && guard.requires.some((required) => current(required).trim() === '')) {
    throw businessFailure(guard.message);
  }
  return normalised;
}

function validateNumber(definition: NumberOptionDefinition, value: string): string {
  const { key } = definition;
  const trimmed = value.trim();
  const parsed = Number(trimmed);
  if (!numberPattern.test(trimmed) || !Number.isFinite(parsed))
    throw badRequest('option.invalid_number', { key });
  if (definition.integer && !Number.isSafeInteger(parsed)) throw badRequest('option.not_integer', { key });
  if (definition.exclusiveMinimum && parsed <= definition.minimum) {
    throw badRequest('option.number_not_positive', { key });
  }
  if (parsed < definition.minimum)
    throw badRequest('option.number_too_small', { key, min: definition.minimum });
  if (definition.maximum !== undefined && parsed > definition.maximum) {
    throw badRequest('option.number_too_large', { key, max: definition.maximum });
  }
  // Object.is keeps "-0" from surviving as a distinct spelling.
  return String(Object.is(parsed, -0) ? 0 : parsed);
}

function validateUrl(key: string, value: string): string {
  const address = normalizeHttpAddress(value);
  if (address !== '' && !isHttpAddress(address)) throw badRequest('option.invalid_url', { key });
  return address;
}

function validateEmailDomains(value: string): string {
  const domains: string[] = [];
  for (const part of value.split(',')) {
    const domain = part.trim().toLowerCase();
    if (domain === '') continue;
    if (!domainPattern.test(domain)) throw badRequest('option.invalid_email_domain', { domain });
    if (!domains.includes(domain)) domains.push(domain);
  }
  return domains.join(',');
}

function validateString(definition: StringOptionDefinition, value: string): string {
  if (definition.choices && !definition.choices.includes(value.trim())) {
    throw badRequest('option.invalid_choice', {
      key: definition.key,
      choices: definition.choices.join(', '),
    });
  }
  if (definition.choices) return value.trim();
  if (definition.format === 'url') return validateUrl(definition.key, value);
  if (definition.format === 'email-domains') return validateEmailDomains(value);
  return value;
}

function validateJson(definition: JsonOptionDefinition, value: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw badRequest('option.invalid_json');
  }
  const result = definition.shape.schema.safeParse(parsed);
  if (!result.success) {
    // A shape may name a more precise message in a custom issue's params (catalogue-pricing-tiers.ts).
    const params = result.error.issues.find((issue) => issue.code === 'custom')?.params;
    const message = params?.message;
    if (typeof message === 'string' && isMessageKey(message)) {
      const { message: _message, ...rest } = params as Record<string, string | number>;
      throw badRequest(message, { key: definition.key, ...rest });
    }
    throw badRequest(definition.shape.message, { key: definition.key });
  }
  return value;
}

/**
 * Returns the value to store for `key`, or throws a GatewayError: unknown key, a value of the wrong
 * type or range, JSON that does not parse or has the wrong shape, or an enable-guard not met.
 */
export function validateOptionValue(key: string, value: string, current: OptionLookup): string {
  const definition = optionDefinition(key);
  if (!definition) throw badRequest('option.unknown_key', { key });
  switch (definition.kind) {
    case 'boolean':
      return validateBoolean(definition, value, current);
    case 'number':
      return validateNumber(definition, value);
    case 'string':
      return validateString(definition, value);
    case 'json':
      return validateJson(definition, value);
  }
}
