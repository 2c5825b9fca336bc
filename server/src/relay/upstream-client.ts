/**
 * Upstream HTTP through undici: one keep-alive Agent for direct connections and one ProxyAgent per
 * proxy URL a channel's setting names. Streams are consumed as they arrive; nothing is buffered whole.
 */
import { Agent, type Dispatcher, ProxyAgent, request } from 'undici';
import type { UpstreamRequest } from './providers/types.ts';

export interface UpstreamTimeouts {
  /** Milliseconds to wait for the response headers; 0 = no limit. */
  headersMs: number;
  /** Milliseconds the body may stay silent between chunks; 0 = no limit. */
  idleMs: number;
}

export class UpstreamClient {
  private readonly direct = new Agent({
    keepAliveTimeout: 30_000,
    keepAliveMaxTimeout: 600_000,
    connections: 512,
  });
  private readonly proxies = new Map<string, ProxyAgent>();

  private dispatcher(proxyUrl: string | undefined): Dispatcher {
    if (!proxyUrl) return this.direct;
    let agent = this.proxies.get(proxyUrl);
    if (!agent) {
      agent = new ProxyAgent({ uri: proxyUrl, keepAliveTimeout: 30_000 });
      this.proxies.set(proxyUrl, agent);
    }
    return agent;
  }

  send(upstream: UpstreamRequest, timeouts: UpstreamTimeouts, signal: AbortSignal, proxyUrl?: string) {
    return request(upstream.url, {
      method: upstream.method,
      headers: upstream.headers,
      body: upstream.body ?? null,
      dispatcher: this.dispatcher(proxyUrl),
      signal,
      headersTimeout: timeouts.headersMs,
      bodyTimeout: timeouts.idleMs,
    });
  }

  async close(): Promise<void> {
    await Promise.all([this.direct.close(), ...[...this.proxies.values()].map((agent) => agent.close())]);
  }
}

/** Reads at most `limit` bytes of an error body (an upstream may send a huge page). */
export async function readLimited(
  body: AsyncIterable<Uint8Array> & { destroy?: () => void },
  limit = 65_536,
): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    const buffer = Buffer.from(chunk);
    chunks.push(buffer);
    size += buffer.length;
    if (size >= limit) break;
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}
