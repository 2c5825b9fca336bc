/**
 * iFlytek Spark credentials and the signed WebSocket URL (docs/providers/spark.md): the key is
 * `APPID|APISecret|APIKey`; the URL carries `authorization`, `date` and `host` in its query, the
 * authorization being an HMAC-SHA256 (with the APISecret) over the host, the date and the request line.
 */

import { createHmac } from 'node:crypto';
import { keyParts } from '../key-parts.ts';

export interface SparkCredentials {
  appId: string;
  apiSecret: string;
  apiKey: string;
}

/** The three parts of an `APPID|APISecret|APIKey` key, or null when it is not one. */
export function sparkCredentials(key: string): SparkCredentials | null {
  const parts = keyParts(key, 3);
  if (!parts) return null;
  const [appId, apiSecret, apiKey] = parts as [string, string, string];
  return { appId, apiSecret, apiKey };
}

/**
 * `url` (ws:// or wss://, no query) with the signature query added. `{host}` is the URL's host, with its
 * port when it is not the scheme's default; the date is RFC 1123 (Spark refuses one too far from its clock).
 */
export function signedSparkUrl(url: string, credentials: SparkCredentials, now = new Date()): string {
  const target = new URL(url);
  const date = now.toUTCString();
  const origin = `host: ${target.host}\ndate: ${date}\nGET ${target.pathname} HTTP/1.1`;
  const signature = createHmac('sha256', credentials.apiSecret).update(origin).digest('base64');
  const authorization = Buffer.from(
    `api_key="${credentials.apiKey}", algorithm="hmac-sha256", headers="host date request-line", signature="${signature}"`,
  ).toString('base64');
  const query = new URLSearchParams({ authorization, date, host: target.host });
  return `${target.origin}${target.pathname}?${query}`;
}
