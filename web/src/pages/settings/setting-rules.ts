/** Validators of the settings forms (docs/reference/console-validation.md "Settings"). Each returns a translation key or null. */
import { isHttpAddress } from '../../../../common/http-address.ts';

const cjkThenLatin = /([\u3400-\u9fff\uf900-\ufaff])([A-Za-z0-9])/g;
const latinThenCjk = /([A-Za-z0-9])([\u3400-\u9fff\uf900-\ufaff])/g;

/**
 * Puts the space Chinese typography wants between a Chinese character and a Latin letter or digit that
 * touch, for labels composed from parts ("保存" + "SMTP 设置" → "保存 SMTP 设置"); other text is unchanged.
 */
export function spaceCjkAndLatin(text: string): string {
  return text.replace(cjkThenLatin, '$1 $2').replace(latinThenCjk, '$1 $2');
}

/** True for text that parses as JSON (an empty box counts as valid: the server keeps its default shape). */
export function isJsonText(text: string): boolean {
  if (text.trim() === '') return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const hostnamePattern = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** Splits the comma list stored in EmailDomainWhitelist. */
export function parseDomainList(stored: string): string[] {
  return stored
    .split(',')
    .map((domain) => domain.trim())
    .filter((domain) => domain !== '');
}

export type DomainProblem = 'settings.email.domainInvalid' | 'settings.email.domainDuplicate';

/** Why a domain cannot join the whitelist, or null when it can. */
export function domainProblem(domain: string, whitelist: readonly string[]): DomainProblem | null {
  const candidate = domain.trim().toLowerCase();
  if (!hostnamePattern.test(candidate)) return 'settings.email.domainInvalid';
  if (whitelist.some((existing) => existing.toLowerCase() === candidate))
    return 'settings.email.domainDuplicate';
  return null;
}

/** An address field may stay empty; otherwise it must pass the server's rule (common/http-address.ts). */
export function addressProblem(value: unknown): 'settings.common.addressInvalid' | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  return isHttpAddress(value) ? null : 'settings.common.addressInvalid';
}

export interface NumberProblem {
  key: 'settings.common.numberRequired' | 'settings.common.numberMin' | 'settings.common.numberMax';
  values?: { min?: number; max?: number };
}

/**
 * A number field must hold a number within its bounds. The input itself does not clamp (a clamped value
 * would be saved without a word): an out-of-range value is shown as an error and the section not saved.
 */
export function numberProblem(value: unknown, min: number, max?: number): NumberProblem | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { key: 'settings.common.numberRequired' };
  if (value < min) return { key: 'settings.common.numberMin', values: { min } };
  if (max !== undefined && value > max) return { key: 'settings.common.numberMax', values: { max } };
  return null;
}

export interface OidcEndpoints {
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

/** The three endpoints of a well-known document, or null when any is missing. */
export function readOidcEndpoints(document: unknown): OidcEndpoints | null {
  if (typeof document !== 'object' || document === null) return null;
  const fields = document as Record<string, unknown>;
  const read = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  const endpoints = {
    authorization_endpoint: read('authorization_endpoint'),
    token_endpoint: read('token_endpoint'),
    userinfo_endpoint: read('userinfo_endpoint'),
  };
  return Object.values(endpoints).every((value) => value !== '') ? endpoints : null;
}
