/**
 * Upstream HTTP through undici: one keep-alive Agent for direct connections and one ProxyAgent per
 * proxy URL a channel's setting names. Streams are consumed as they arrive; nothing is buffered whole.
 */
import { Agent, type Dispatcher, ProxyAgent, request } from 'undici';
import { guardedLookup, hostRefusal, type UpstreamAddressPolicy } from '../lib/address-policy.ts';
import type { UpstreamRequest } from './providers/types.ts';

export interface UpstreamTimeouts {
  /** Milliseconds to wait for the response headers; 0 = no limit. */
  headersMs: number;
  /** Milliseconds the body may stay silent between chunks; 0 = no limit. */
  idleMs: number;
}

/** Thrown before connecting to an address the policy refuses. */
export class RefusedAddressError extends Error {
  readonly code = 'EADDRREFUSED';
}

export class UpstreamClient {
  private readonly direct: Agent;
  private readonly proxies = new Map<string, ProxyAgent>();

  constructor(private readonly policy: UpstreamAddressPolicy = 'default') {
    this.direct = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 600_000,
      // No per-origin cap: LLM streams hold a connection for minutes; a cap would queue them behind each other.
      connections: null,
      connect: { lookup: guardedLookup(policy) },
    });
  }

  /** Throws RefusedAddressError when the URL's host is refused (IP literals never reach a DNS lookup). */
  checkUrl(url: string): void {
    const host = new URL(url).hostname;
    const refusal = hostRefusal(host, this.policy);
    if (refusal) throw new RefusedAddressError(`upstream address refused: ${host} (${refusal})`);
  }

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
    this.checkUrl(upstream.url);
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

  /** A small JSON GET (model lists, balances): bounded time and size, parsed, status checked. */
  async getJson(
    url: string,
    headers: Record<string, string>,
    timeoutMs = 15_000,
    proxyUrl?: string,
  ): Promise<unknown> {
    const response = await this.send(
      { url, method: 'GET', headers: { accept: 'application/json', ...headers } },
      { headersMs: timeoutMs, idleMs: timeoutMs },
      AbortSignal.timeout(timeoutMs),
      proxyUrl,
    );
    const text = await readLimited(response.body, 4 * 1024 * 1024);
    response.body.destroy();
    if (response.statusCode >= 400) throw new Error(`HTTP ${response.statusCode}: ${text.slice(0, 300)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`not JSON: ${text.slice(0, 120)}`);
    }
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
