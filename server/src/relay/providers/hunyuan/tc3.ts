/**
 * Tencent Cloud API v3 request signing (TC3-HMAC-SHA256), as the Hunyuan adaptor needs it
 * (docs/providers.md): a canonical request over the method, path, query, the `content-type` and `host`
 * headers and the SHA-256 of the body; a string to sign naming the timestamp and the credential scope
 * `<date>/<service>/tc3_request`; a signing key derived from the secret key through the date, the service
 * and `tc3_request`.
 */
import { createHash, createHmac } from 'node:crypto';

export interface Tc3Input {
  secretId: string;
  secretKey: string;
  service: string;
  /** The host name the request goes to (no port: Tencent's SDK signs the host name alone). */
  host: string;
  /** The request body exactly as sent. */
  payload: string;
  /** Unix seconds. */
  timestamp: number;
  contentType?: string;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest();
}

/** The `Authorization` header value of a POST to `/` with a JSON body. */
export function tc3Authorization(input: Tc3Input): string {
  const contentType = input.contentType ?? 'application/json';
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${input.host}\n`,
    signedHeaders,
    sha256Hex(input.payload),
  ].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join(
    '\n',
  );
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}
