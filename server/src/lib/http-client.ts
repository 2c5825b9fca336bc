/**
 * Upstream HTTP through undici: one keep-alive Agent for direct connections and one proxy agent per
 * proxy URL a channel's setting names. Streams are consumed as they arrive; nothing is buffered whole.
 * Every connection, direct or through a proxy, obeys UPSTREAM_ADDRESS_POLICY (the proxy's own address
 * included) and has a connect, a header and an idle timeout, whatever RELAY_TIMEOUT says
 * (docs/decisions/0009-channel-key-custody-and-upstream-connections.md).
 */
import { Readable } from 'node:stream';
import { Agent, buildConnector, type Dispatcher, Pool, ProxyAgent, Socks5ProxyAgent } from 'undici';
import { connectHost, guardedLookup, hostRefusal, type UpstreamAddressPolicy } from './address-policy.ts';
import { type AbortSource, Cancel, onAbort } from './cancel.ts';

/** A body sent as a stream with a known length (a new stream per send, so retries can resend it). */
export interface StreamedBody {
  length: number;
  open(): AsyncIterable<Uint8Array>;
}

/** One HTTP request to an upstream (a relay call, a token exchange, a model list). */
export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  /** JSON text, or its UTF-8 bytes (large bodies are encoded in a turn of their own). */
  /** JSON text or its bytes, or a streamed body (multipart uploads) opened afresh for each send. */
  body?: string | Buffer | StreamedBody;
}

/** Milliseconds to open a TCP (and TLS) connection, to an upstream or to a proxy, and for a proxy's CONNECT answer. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Header and idle bounds when the configuration sets none (RELAY_TIMEOUT=0): long generations still fit. */
export const DEFAULT_HEADERS_TIMEOUT_MS = 15 * 60_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 5 * 60_000;

/** Proxy schemes undici serves: HTTP CONNECT over http(s), and SOCKS5. */
export const PROXY_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'socks5:', 'socks:']);

export interface UpstreamTimeouts {
  /** Milliseconds to wait for the response headers; 0 = no limit. */
  headersMs: number;
  /** Milliseconds the body may stay silent between chunks; 0 = no limit. */
  idleMs: number;
}

/** An upstream's answer as the relay reads it (undici's response data, or a transport's own). */
export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Uint8Array> & {
    arrayBuffer(): Promise<ArrayBuffer>;
    dump(): Promise<void>;
    destroy(): void;
  };
}

/** A body already at hand (read ahead, or made by a transport), offered as if it were still arriving. */
export function bufferedBody(content: string | Buffer): UpstreamResponse['body'] {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return {
    async *[Symbol.asyncIterator]() {
      yield bytes;
    },
    arrayBuffer: async () => Uint8Array.from(bytes).buffer,
    dump: async () => undefined,
    destroy: () => undefined,
  };
}

/** A JSON answer made by a transport (server/src/relay/providers/types.ts ProviderAdaptor.transport). */
export function jsonResponse(statusCode: number, text: string): UpstreamResponse {
  return { statusCode, headers: { 'content-type': 'application/json' }, body: bufferedBody(text) };
}

/** Thrown before connecting to an address the policy refuses. */
export class RefusedAddressError extends Error {
  readonly code = 'EADDRREFUSED';
}

/** Origins whose address verdict, and URLs whose parts, are remembered before the memory is cleared. */
const MAX_REMEMBERED_ORIGINS = 1000;

/** A request URL as undici's dispatchers take it: the normalised origin, and the path with its query. */
interface RequestTarget {
  origin: string;
  path: string;
}

export class UpstreamClient {
  private readonly direct: Agent;
  private readonly proxies = new Map<string, Dispatcher>();
  private readonly connectTimeoutMs: number;
  /** Address-policy verdict per URL origin: '' allowed, otherwise the refusal message. */
  private readonly verdicts: Map<string, string>;
  /**
   * Request URLs parsed once (a relay call's URL is its channel's base URL and the endpoint's path, the
   * same for most calls): parsing it took a tenth of undici's work per request.
   */
  private readonly targets = new Map<string, RequestTarget>();

  constructor(
    private readonly policy: UpstreamAddressPolicy = 'default',
    options: { connectTimeoutMs?: number } = {},
  ) {
    this.connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
    this.verdicts = new Map();
    this.direct = new Agent({
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 600_000,
      // No per-origin cap: LLM streams hold a connection for minutes; a cap would queue them behind each other.
      connections: null,
      connect: { lookup: guardedLookup(policy), timeout: this.connectTimeoutMs },
    });
  }

  /** Throws RefusedAddressError when the URL's host is refused (IP literals never reach a DNS lookup). */
  checkUrl(url: string): void {
    // The verdict depends on the scheme and authority only: remembered per origin (channels are few).
    const schemeEnd = url.indexOf('//');
    const pathStart = schemeEnd < 0 ? -1 : url.indexOf('/', schemeEnd + 2);
    const origin = pathStart < 0 ? url : url.slice(0, pathStart);
    let verdict = this.verdicts.get(origin);
    if (verdict === undefined) {
      const host = connectHost(new URL(url));
      const refusal = hostRefusal(host, this.policy);
      verdict = refusal ? `upstream address refused: ${host} (${refusal})` : '';
      if (this.verdicts.size >= MAX_REMEMBERED_ORIGINS) this.verdicts.clear();
      this.verdicts.set(origin, verdict);
    }
    if (verdict !== '') throw new RefusedAddressError(verdict);
  }

  /** The origin and path of a request URL, normalised as undici's `request(url)` does. */
  private target(url: string): RequestTarget {
    let target = this.targets.get(url);
    if (!target) {
      const parsed = new URL(url);
      target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
      if (this.targets.size >= MAX_REMEMBERED_ORIGINS) this.targets.clear();
      this.targets.set(url, target);
    }
    return target;
  }

  /**
   * What a WebSocket connection to an upstream (iFlytek Spark, OpenAI Realtime) needs to obey the same
   * address policy as HTTP calls: the guarded DNS lookup and the connect bound (call checkUrl first).
   */
  webSocketOptions(): { lookup: ReturnType<typeof guardedLookup>; handshakeTimeout: number } {
    return { lookup: guardedLookup(this.policy), handshakeTimeout: this.connectTimeoutMs };
  }

  private dispatcher(proxyUrl: string | undefined): Dispatcher {
    if (!proxyUrl) return this.direct;
    let agent = this.proxies.get(proxyUrl);
    if (!agent) {
      agent = this.proxyAgent(proxyUrl);
      this.proxies.set(proxyUrl, agent);
    }
    return agent;
  }

  /**
   * The proxy's own address passes the policy: its literal host here, its resolved addresses at every
   * connection (guarded lookup). The proxy's handshake is part of connecting: a CONNECT unanswered within
   * the connect timeout fails the connection (undici's default would wait 300 s, holding the socket).
   */
  private proxyAgent(proxyUrl: string): Dispatcher {
    const url = new URL(proxyUrl);
    if (!PROXY_PROTOCOLS.has(url.protocol))
      throw new RefusedAddressError(`unsupported proxy scheme ${url.protocol}`);
    this.checkUrl(proxyUrl);
    const connect = { lookup: guardedLookup(this.policy), timeout: this.connectTimeoutMs };
    if (url.protocol === 'socks5:' || url.protocol === 'socks:') {
      // Not through ProxyAgent: its proxyTls option would make undici speak TLS to the SOCKS server.
      // undici bounds the SOCKS handshake itself (5 s per step).
      return new Socks5ProxyAgent(url, { connect: buildConnector(connect) });
    }
    const handshakeMs = this.connectTimeoutMs;
    return new ProxyAgent({
      uri: proxyUrl,
      keepAliveTimeout: 30_000,
      proxyTls: connect,
      requestTls: { timeout: this.connectTimeoutMs },
      clientFactory: (origin, options) => new Pool(origin, { ...options, headersTimeout: handshakeMs }),
    });
  }

  /**
   * Sends a request and resolves at its response headers; aborting `signal` cuts the request, before or
   * after the headers (the response body too). Undici enforces the header timeout (from the moment the
   * request is on a connection), the idle timeout and the abort itself. A direct connection is bounded
   * on its own (connect timeout, DNS included), so a direct request waits at most that plus the header
   * timeout. Through a proxy, undici's bounds do not reach a request still waiting for its connection (the
   * proxy's CONNECT, a SOCKS or TLS handshake): there the header timeout and the abort are also enforced
   * here, from the moment of sending, so the caller is released at once; the connection attempt itself
   * ends within its own bounds and undici never retries it.
   *
   * Not an async function: the direct path returns undici's own promise (no wrapper, timer or listener of
   * its own); failures before sending still come back as a rejected promise.
   */
  send(
    upstream: UpstreamRequest,
    timeouts: UpstreamTimeouts,
    signal: AbortSource,
    proxyUrl?: string,
  ): Promise<Dispatcher.ResponseData> {
    try {
      this.checkUrl(upstream.url);
      if (signal.aborted) return Promise.reject(signal.reason);
      const dispatcher = this.dispatcher(proxyUrl);
      const { origin, path } = this.target(upstream.url);
      const headersMs = timeouts.headersMs > 0 ? timeouts.headersMs : DEFAULT_HEADERS_TIMEOUT_MS;
      const options: Dispatcher.RequestOptions = {
        origin,
        path,
        method: upstream.method,
        headers: upstream.headers,
        body: streamedBody(upstream.body),
        signal,
        headersTimeout: headersMs,
        bodyTimeout: timeouts.idleMs > 0 ? timeouts.idleMs : DEFAULT_IDLE_TIMEOUT_MS,
      };
      if (!proxyUrl) return dispatcher.request(options);
      return sendBounded(dispatcher, options, headersMs, signal);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** A small JSON GET (model lists, balances). */
  async getJson(
    url: string,
    headers: Record<string, string>,
    timeoutMs = 15_000,
    proxyUrl?: string,
  ): Promise<unknown> {
    return this.requestJson({ url, method: 'GET', headers }, timeoutMs, proxyUrl);
  }

  /** A small JSON exchange (a token endpoint, a model list): bounded time and size, parsed, status checked. */
  async requestJson(upstream: UpstreamRequest, timeoutMs = 15_000, proxyUrl?: string): Promise<unknown> {
    const response = await this.send(
      { ...upstream, headers: { accept: 'application/json', ...upstream.headers } },
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

  /** Closes every connection at once, cutting requests still in flight. */
  async destroy(): Promise<void> {
    await Promise.all([this.direct.destroy(), ...[...this.proxies.values()].map((agent) => agent.destroy())]);
  }

  /**
   * Closes gracefully for up to `graceMs`, then cuts what is left: an aborted request that still waits for
   * its connection (a proxy's CONNECT) would otherwise hold the shutdown until that connection's bound.
   */
  async close(graceMs = 1_000): Promise<void> {
    const closed = Promise.all([
      this.direct.close(),
      ...[...this.proxies.values()].map((agent) => agent.close()),
    ]).then(() => 'closed' as const);
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<'grace'>((resolve) => {
      timer = setTimeout(resolve, graceMs, 'grace');
    });
    const first = await Promise.race([closed, grace]);
    clearTimeout(timer);
    if (first === 'grace') await this.destroy();
    await closed.catch(() => undefined);
  }
}

/**
 * A request through a proxy, released at the header timeout or the caller's abort even while it waits for
 * its connection (see `send`). Its own Cancel, linked to the caller's: the header timeout cuts this request
 * only, never the caller's other requests (the next channel of a relay call).
 */
function sendBounded(
  dispatcher: Dispatcher,
  options: Dispatcher.RequestOptions,
  headersMs: number,
  signal: AbortSource,
): Promise<Dispatcher.ResponseData> {
  const cancel = new Cancel();
  // The caller's signal stays linked after the headers: aborting it later still cuts the response body.
  const stopListening = onAbort(signal, () => cancel.abort(signal.reason));
  const pending = dispatcher.request({ ...options, signal: cancel });
  return new Promise<Dispatcher.ResponseData>((resolve, reject) => {
    let settled = false;
    const giveUp = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(cancel.reason);
    };
    const timer = setTimeout(() => {
      cancel.abort(
        Object.assign(new Error(`Headers Timeout Error: no response within ${headersMs / 1000} s`), {
          code: 'UND_ERR_HEADERS_TIMEOUT',
        }),
      );
    }, headersMs);
    cancel.once('abort', giveUp);
    pending.then(
      (response) => {
        clearTimeout(timer);
        cancel.removeListener('abort', giveUp);
        if (settled) response.body.destroy();
        else {
          settled = true;
          response.body.once('close', stopListening);
          resolve(response);
        }
      },
      (error: unknown) => {
        clearTimeout(timer);
        cancel.removeListener('abort', giveUp);
        stopListening();
        if (!settled) {
          settled = true;
          reject(error);
        }
      },
    );
  });
}

/**
 * The whole body of a reply as one Buffer, its chunks gathered as they arrive: no ArrayBuffer in between,
 * and a body that came in one chunk is not copied. Rejects when the body breaks off (an error, or closed
 * before its end).
 */
export function readBody(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  if (!(body instanceof Readable)) return readIterable(body);
  // A small reply comes in the same packet as its headers: by the time the caller has them, undici has
  // already pushed the whole body and its end (its own arrayBuffer() reads that state too).
  if (
    (body as Readable & { _readableState?: { ended?: boolean } })._readableState?.ended &&
    !body.destroyed
  ) {
    const chunks: Buffer[] = [];
    for (let chunk = body.read() as Buffer | null; chunk !== null; chunk = body.read() as Buffer | null)
      chunks.push(chunk);
    return Promise.resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
    });
    body.once('end', () => {
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    body.once('error', reject);
    // After 'end' this changes nothing; before it, the body was cut without an error.
    body.once('close', () => reject(new Error('the upstream reply broke off')));
  });
}

async function readIterable(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
}

function streamedBody(body: UpstreamRequest['body']): string | Buffer | Readable | null {
  if (body === undefined) return null;
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  return Readable.from(body.open());
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
