/**
 * The shape of an option definition and the builders the catalogue is written with (./catalogue.ts and its
 * area files ./catalogue-*.ts): type, default as it travels, validation, and whether the value is a secret.
 */
import type { JsonShape } from './json-shapes.ts';
import type { OptionMessageKey } from './messages.ts';

export type OptionKind = 'boolean' | 'number' | 'string' | 'json';

/** Turning a boolean option on requires these other options to be non-empty. */
export interface EnableGuard {
  requires: readonly string[];
  message: OptionMessageKey;
}

interface CommonDefinition {
  key: string;
  /** The default as it travels on the wire. */
  defaultValue: string;
  /** Never sent to the console (keys ending in token, secret or key, except TurnstileSiteKey). */
  secret: boolean;
}

export interface BooleanOptionDefinition extends CommonDefinition {
  kind: 'boolean';
  enableGuard?: EnableGuard;
}

export interface NumberOptionDefinition extends CommonDefinition {
  kind: 'number';
  integer: boolean;
  minimum: number;
  /** The value must be strictly greater than `minimum`. */
  exclusiveMinimum?: boolean;
  maximum?: number;
}

export interface StringOptionDefinition extends CommonDefinition {
  kind: 'string';
  /** `url`: empty or an http(s) address, trailing slashes removed; `email-domains`: comma list of domains. */
  format?: 'url' | 'email-domains';
  choices?: readonly string[];
}

export interface JsonOptionDefinition extends CommonDefinition {
  kind: 'json';
  shape: JsonShape;
}

export type OptionDefinition =
  | BooleanOptionDefinition
  | NumberOptionDefinition
  | StringOptionDefinition
  | JsonOptionDefinition;

/** Options the server keeps for itself (e.g. a generated session secret); never listed, never console-set. */
export const INTERNAL_OPTION_PREFIX = 'internal.';

/** Keys whose values never leave the server (docs/reference/api-rules.md): suffix token, secret or key, any case. */
export function isSecretOptionKey(key: string): boolean {
  if (key === 'TurnstileSiteKey') return false;
  return /(token|secret|key)$/i.test(key);
}

export function isInternalOptionKey(key: string): boolean {
  return key.startsWith(INTERNAL_OPTION_PREFIX);
}

export function flag(key: string, defaultValue: boolean, enableGuard?: EnableGuard): BooleanOptionDefinition {
  return {
    key,
    kind: 'boolean',
    defaultValue: String(defaultValue),
    secret: isSecretOptionKey(key),
    enableGuard,
  };
}

export interface NumberRules {
  integer?: boolean;
  minimum?: number;
  exclusiveMinimum?: boolean;
  maximum?: number;
}

export function number(key: string, defaultValue: number, rules: NumberRules = {}): NumberOptionDefinition {
  return {
    key,
    kind: 'number',
    defaultValue: String(defaultValue),
    secret: isSecretOptionKey(key),
    integer: rules.integer ?? true,
    minimum: rules.minimum ?? 0,
    exclusiveMinimum: rules.exclusiveMinimum,
    maximum: rules.maximum,
  };
}

export const decimal = (rules: NumberRules = {}): NumberRules => ({ ...rules, integer: false });

export function text(
  key: string,
  defaultValue = '',
  extra: Pick<StringOptionDefinition, 'format' | 'choices'> = {},
): StringOptionDefinition {
  return { key, kind: 'string', defaultValue, secret: isSecretOptionKey(key), ...extra };
}

export const url = (key: string, defaultValue = '') => text(key, defaultValue, { format: 'url' });

export function json(key: string, defaultValue: unknown, shape: JsonShape): JsonOptionDefinition {
  return {
    key,
    kind: 'json',
    defaultValue: JSON.stringify(defaultValue),
    secret: isSecretOptionKey(key),
    shape,
  };
}
