/**
 * Volcengine OpenAPI request signing (HMAC-SHA256, Volcengine's published algorithm, as its official
 * `@volcengine/openapi` signer computes it), for the visual APIs Jimeng is served by: a canonical request
 * (method, path, sorted and escaped query, the signed headers `host`, `x-content-sha256` and `x-date`, the
 * body's SHA-256), a string to sign over the credential scope `<date>/<region>/<service>/request`, and a
 * signing key derived from the secret key through the date, region, service and `request`. The test
 * vector in ./volcengine-signing.test.ts was produced by the official signer.
 */
import { createHash, createHmac } from 'node:crypto';

export interface VolcengineRequest {
  method: string;
  url: string;
  body: string;
  accessKey: string;
  secretKey: string;
  region: string;
  service: string;
  /** The signing time (epoch milliseconds). */
  now: number;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

/** Volcengine's query escaping: RFC 3986 unreserved characters kept, everything else percent-encoded. */
function uriEscape(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `20250102T030405Z` for a time. */
function dateTimeOf(now: number): string {
  return new Date(now).toISOString().replace(/[:-]|\.\d{3}/g, '');
}

/** The headers that sign the request: X-Date, X-Content-Sha256 and Authorization. */
export function signVolcengine(request: VolcengineRequest): Record<string, string> {
  const url = new URL(request.url);
  const dateTime = dateTimeOf(request.now);
  const date = dateTime.slice(0, 8);
  const bodyHash = sha256Hex(request.body);
  const query = [...url.searchParams.entries()]
    .sort(([a, aValue], [b, bValue]) => (a === b ? aValue.localeCompare(bValue) : a < b ? -1 : 1))
    .map(([name, value]) => `${uriEscape(name)}=${uriEscape(value)}`)
    .join('&');
  const signed: [string, string][] = [
    ['host', url.host],
    ['x-content-sha256', bodyHash],
    ['x-date', dateTime],
  ];
  const signedHeaders = signed.map(([name]) => name).join(';');
  const canonical = [
    request.method.toUpperCase(),
    url.pathname || '/',
    query,
    `${signed.map(([name, value]) => `${name}:${value.trim()}`).join('\n')}\n`,
    signedHeaders,
    bodyHash,
  ].join('\n');
  const scope = `${date}/${request.region}/${request.service}/request`;
  const stringToSign = ['HMAC-SHA256', dateTime, scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(request.secretKey, date), request.region), request.service), 'request');
  const signature = createHmac('sha256', key).update(stringToSign, 'utf8').digest('hex');
  return {
    'x-date': dateTime,
    'x-content-sha256': bodyHash,
    authorization: `HMAC-SHA256 Credential=${request.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
