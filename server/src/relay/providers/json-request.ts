/** The upstream request most adaptors build: a JSON POST under the channel's base URL or the provider's. */
import type { UpstreamRequest } from './types.ts';

/** A request whose body is JSON text (what a signature over the exact body reads). */
export type JsonRequest = UpstreamRequest & { body: string };

/** The channel's base URL, or the provider's default when it sets none, without trailing slashes. */
export function baseUrl(channelBase: string, defaultBase: string): string {
  return (channelBase || defaultBase).replace(/\/+$/, '');
}

/**
 * A POST of `body` as JSON. `headers` are the adaptor's own (credentials, versions), a fresh object the
 * JSON headers are set on, over any of the same name: the content type, and the reply accepted — JSON,
 * or for a stream `streamType` (SSE unless the provider frames its streams otherwise).
 */
export function jsonPost(
  url: string,
  body: unknown,
  stream: boolean,
  headers: Record<string, string> = {},
  streamType = 'text/event-stream',
): JsonRequest {
  headers['content-type'] = 'application/json';
  headers.accept = stream ? streamType : 'application/json';
  return { url, method: 'POST', headers, body: JSON.stringify(body) };
}
