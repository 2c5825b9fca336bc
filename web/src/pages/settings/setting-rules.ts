/** Validators of the settings forms (spec §5 "Settings"). Each returns a translation key or null. */

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

/** The OIDC discovery URL must be an http(s) address. */
export function isHttpUrl(url: string): boolean {
  return /^https?:\/\/\S+$/i.test(url.trim());
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
