/**
 * AWS Signature Version 4 for one request (the parts Bedrock needs: a JSON POST without a query string).
 * Non-S3 services sign each path segment URI-encoded a second time, so a model id's `:` (sent as `%3A`)
 * is signed as `%253A`. The `host` header is signed from the URL and left to the HTTP client to send.
 */
import { createHash, createHmac } from 'node:crypto';
import type { UpstreamRequest } from '../types.ts';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** RFC 3986 encoding as AWS wants it (also `!'()*`). */
function awsEncode(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `20150830T123600Z` */
export function amzDate(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Adds x-amz-date, x-amz-content-sha256 and authorization to the request's headers. */
export function signAwsRequest(
  request: UpstreamRequest,
  credentials: AwsCredentials,
  now = new Date(),
): void {
  const url = new URL(request.url);
  const date = amzDate(now);
  const day = date.slice(0, 8);
  const body = request.body ?? '';
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) throw new Error('a streamed body cannot be signed');
  const payloadHash = sha256Hex(body);
  request.headers['x-amz-date'] = date;
  request.headers['x-amz-content-sha256'] = payloadHash;
  const signed: Record<string, string> = { host: url.host };
  for (const [name, value] of Object.entries(request.headers))
    signed[name.toLowerCase()] = value.trim().replace(/\s+/g, ' ');
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((name) => `${name}:${signed[name]}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalUri = url.pathname.split('/').map(awsEncode).join('/') || '/';
  const canonicalQuery = [...url.searchParams.entries()]
    .map(([key, value]) => `${awsEncode(key)}=${awsEncode(value)}`)
    .sort()
    .join('&');
  const canonicalRequest = [
    request.method,
    canonicalUri,
    canonicalQuery,
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), credentials.service),
    'aws4_request',
  );
  const signature = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
  request.headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
