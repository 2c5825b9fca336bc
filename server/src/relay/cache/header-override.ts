/**
 * A channel's `header_override` (new-api's column): a JSON object of header name → value set on every
 * upstream request of the channel, after the adaptor's own headers (so it may replace `authorization`).
 * Values may hold new-api's placeholders: `{api_key}` (the key the request is sent with — one key of a
 * multi-key channel) and `{client_header:<name>}` as the whole value (the client's header of that name;
 * the header is left out when the client sent none). Parsed once when the channel cache loads; the
 * `{api_key}` values are resolved per key there too (server/src/relay/cache/multi-key.ts), so a request
 * only copies strings.
 *
 * Refused when saved (server/src/api/channels/normalize.ts): anything but an object of strings, a header
 * the HTTP client owns (host, content-length, transfer-encoding, connection …), and new-api's pass-through
 * rules (`*`, `re:<regex>`, `regex:<regex>`), which Switchyard does not apply.
 */

/** Headers an override may not set: the HTTP client and the connection own them. */
export const FORBIDDEN_OVERRIDE_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-connection',
]);

const CLIENT_HEADER = /^\{client_header:([^{}]*)\}$/;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/;

/** One header of an override, as the cache keeps it. */
export type HeaderTemplate =
  | { name: string; kind: 'value'; value: string }
  | { name: string; kind: 'api-key'; value: string }
  | { name: string; kind: 'client-header'; clientHeader: string };

/** Why an override cannot be saved, or null. `detail` names the header. */
export type HeaderOverrideProblem =
  | { code: 'not_object' }
  | { code: 'not_string'; header: string }
  | { code: 'forbidden'; header: string }
  | { code: 'invalid_name'; header: string }
  | { code: 'passthrough'; header: string };

function isPassThroughRule(name: string): boolean {
  const lower = name.trim().toLowerCase();
  return lower === '*' || lower.startsWith('re:') || lower.startsWith('regex:');
}

function parseObject(text: unknown): Record<string, unknown> | null {
  if (text === null || text === undefined) return {};
  let value: unknown = text;
  if (typeof text === 'string') {
    if (text.trim() === '') return {};
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The first reason the text cannot be a channel's header override, or null when it can. */
export function headerOverrideProblem(text: string): HeaderOverrideProblem | null {
  const object = parseObject(text);
  if (!object) return { code: 'not_object' };
  for (const [rawName, value] of Object.entries(object)) {
    const name = rawName.trim().toLowerCase();
    if (isPassThroughRule(name)) return { code: 'passthrough', header: rawName };
    if (!HEADER_NAME.test(name)) return { code: 'invalid_name', header: rawName };
    if (typeof value !== 'string') return { code: 'not_string', header: rawName };
    if (FORBIDDEN_OVERRIDE_HEADERS.has(name)) return { code: 'forbidden', header: rawName };
  }
  return null;
}

/**
 * The override as templates. A stored override that would be refused today (adopted from another
 * gateway's database) keeps only its usable headers.
 */
export function parseHeaderOverride(stored: unknown): readonly HeaderTemplate[] {
  const object = parseObject(stored);
  if (!object) return [];
  const templates: HeaderTemplate[] = [];
  for (const [rawName, value] of Object.entries(object)) {
    const name = rawName.trim().toLowerCase();
    if (typeof value !== 'string' || isPassThroughRule(name) || !HEADER_NAME.test(name)) continue;
    if (FORBIDDEN_OVERRIDE_HEADERS.has(name)) continue;
    const clientHeader = CLIENT_HEADER.exec(value.trim());
    if (clientHeader) {
      const wanted = (clientHeader[1] ?? '').trim().toLowerCase();
      if (wanted) templates.push({ name, kind: 'client-header', clientHeader: wanted });
    } else if (value.includes('{api_key}')) templates.push({ name, kind: 'api-key', value });
    else if (value.trim() !== '') templates.push({ name, kind: 'value', value });
  }
  return templates;
}

/** The headers one key sends: the templates with `{api_key}` resolved (client headers stay per request). */
export interface ResolvedHeaderOverride {
  fixed: Readonly<Record<string, string>>;
  /** Header name → the client header it copies. */
  fromClient: readonly (readonly [string, string])[];
}

export const NO_HEADER_OVERRIDE: ResolvedHeaderOverride = Object.freeze({
  fixed: Object.freeze({}),
  fromClient: Object.freeze([]),
});

export function resolveHeaderOverride(
  templates: readonly HeaderTemplate[],
  apiKey: string,
): ResolvedHeaderOverride {
  if (templates.length === 0) return NO_HEADER_OVERRIDE;
  const fixed: Record<string, string> = {};
  const fromClient: (readonly [string, string])[] = [];
  for (const template of templates) {
    if (template.kind === 'client-header') fromClient.push([template.name, template.clientHeader]);
    else if (template.kind === 'api-key') {
      const value = template.value.replaceAll('{api_key}', apiKey);
      if (value.trim() !== '') fixed[template.name] = value;
    } else fixed[template.name] = template.value;
  }
  return { fixed, fromClient };
}

/**
 * Sets a channel's override on built upstream headers (lower-case names, as the adaptors write them),
 * replacing what the adaptor set. `clientHeaders` are the client's headers the call carries.
 */
export function applyHeaderOverride(
  headers: Record<string, string>,
  override: ResolvedHeaderOverride | undefined,
  clientHeaders?: Readonly<Record<string, string>>,
): void {
  if (override === undefined || override === NO_HEADER_OVERRIDE) return;
  for (const name in override.fixed) headers[name] = override.fixed[name] as string;
  for (const [name, clientHeader] of override.fromClient) {
    const value = clientHeaders?.[clientHeader];
    if (value !== undefined && value.trim() !== '') headers[name] = value;
  }
}
