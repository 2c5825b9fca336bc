/**
 * The connection an upstream WebSocket (OpenAI Realtime, iFlytek Spark) runs over: direct under the
 * address policy's guarded lookup, or, when its channel names a proxy, an HTTP CONNECT
 * tunnel (http:// or https:// proxy) or a SOCKS5 one, opened with undici as the HTTP relay's proxy agents
 * open theirs (server/src/lib/http-client.ts), under the same rules: the proxy's own address passes the
 * address policy (its literal host checked by the caller, every resolved address by the guarded lookup),
 * and the whole tunnel, TLS to the target included, is bounded by the connect timeout.
 */
import { isIP, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { buildConnector, Client, Socks5ProxyAgent } from 'undici';
import type { guardedLookup } from './address-policy.ts';
import {
  CONNECT_TIMEOUT_MS,
  PROXY_PROTOCOLS,
  RefusedAddressError,
  type UpstreamClient,
} from './http-client.ts';

export interface TunnelTarget {
  /** ws: or wss: URL of the upstream. */
  url: URL;
  proxyUrl: string;
  lookup: ReturnType<typeof guardedLookup>;
  /** Bounds the whole tunnel (proxy connection, its answer, TLS to the target). */
  timeoutMs?: number;
  signal: AbortSignal;
}

/** The part of undici's SOCKS5 agent that opens one tunnel (a public method its typings do not list). */
interface Socks5Tunneler {
  createSocks5Connection(host: string, port: number): Promise<Socket>;
}

function targetHostPort(url: URL): { host: string; port: number } {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = Number(url.port) || (url.protocol === 'wss:' ? 443 : 80);
  return { host, port };
}

/** HTTP CONNECT through an http(s) proxy; credentials in the proxy URL become Proxy-Authorization. */
async function connectTunnel(target: TunnelTarget, signal: AbortSignal): Promise<Socket> {
  const proxy = new URL(target.proxyUrl);
  const { host, port } = targetHostPort(target.url);
  const authority = `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
  const headers: Record<string, string> = { host: authority };
  if (proxy.username || proxy.password) {
    const credentials = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
    headers['proxy-authorization'] = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  const client = new Client(proxy.origin, {
    connect: { lookup: target.lookup, timeout: CONNECT_TIMEOUT_MS },
    headersTimeout: CONNECT_TIMEOUT_MS,
  });
  try {
    const { socket, statusCode } = await client.connect({
      path: authority,
      headers,
      signal,
    });
    if (statusCode !== 200) {
      socket.destroy();
      throw new Error(`the proxy refused the tunnel (HTTP ${statusCode})`);
    }
    return socket as Socket;
  } finally {
    // The tunnel's socket left the client when the CONNECT was answered; the client holds nothing else.
    void client.close().catch(() => undefined);
  }
}

async function socksTunnel(target: TunnelTarget): Promise<Socket> {
  const { host, port } = targetHostPort(target.url);
  const agent = new Socks5ProxyAgent(target.proxyUrl, {
    connect: buildConnector({ lookup: target.lookup, timeout: CONNECT_TIMEOUT_MS }),
  });
  try {
    const tunneler = agent as unknown as Partial<Socks5Tunneler>;
    if (typeof tunneler.createSocks5Connection !== 'function')
      throw new Error('this undici version cannot open a SOCKS5 tunnel');
    return await tunneler.createSocks5Connection(host, port);
  } finally {
    void agent.close().catch(() => undefined);
  }
}

function secure(socket: Socket, url: URL): Promise<Socket> {
  const { host } = targetHostPort(url);
  return new Promise((resolve, reject) => {
    const secured = tlsConnect({
      socket,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ALPNProtocols: ['http/1.1'],
    });
    secured.once('secureConnect', () => {
      secured.off('error', reject);
      resolve(secured);
    });
    secured.once('error', (error) => {
      socket.destroy();
      reject(error);
    });
  });
}

/**
 * Opens the tunnel to `target.url` through `target.proxyUrl` (TLS to the target for wss:), or rejects:
 * an unsupported proxy scheme, a refused address, a proxy that does not answer in time, a refusal.
 */
export async function openTunnel(target: TunnelTarget): Promise<Socket> {
  const scheme = new URL(target.proxyUrl).protocol;
  if (!PROXY_PROTOCOLS.has(scheme)) throw new RefusedAddressError(`unsupported proxy scheme ${scheme}`);
  const timeoutMs = target.timeoutMs ?? 2 * CONNECT_TIMEOUT_MS;
  const bounded = AbortSignal.any([target.signal, AbortSignal.timeout(timeoutMs)]);
  const opening = (async () => {
    const raw =
      scheme === 'socks5:' || scheme === 'socks:'
        ? await socksTunnel(target)
        : await connectTunnel(target, bounded);
    if (bounded.aborted) {
      raw.destroy();
      throw bounded.reason;
    }
    return target.url.protocol === 'wss:' ? secure(raw, target.url) : raw;
  })();
  return new Promise<Socket>((resolve, reject) => {
    const giveUp = () =>
      reject(
        target.signal.aborted
          ? target.signal.reason
          : Object.assign(new Error(`the proxy tunnel was not open within ${timeoutMs / 1000} s`), {
              code: 'UND_ERR_CONNECT_TIMEOUT',
            }),
      );
    if (bounded.aborted) giveUp();
    bounded.addEventListener('abort', giveUp, { once: true });
    opening.then(
      (socket) => {
        bounded.removeEventListener('abort', giveUp);
        // Opened after the bound (or an abort): nobody waits for it any more.
        if (bounded.aborted) socket.destroy();
        else resolve(socket);
      },
      (error: unknown) => {
        bounded.removeEventListener('abort', giveUp);
        reject(error);
      },
    );
  });
}

/** What a `ws` client needs to reach an upstream: the guarded lookup, or a tunnel opened through the proxy. */
export interface WebSocketConnection {
  handshakeTimeout: number;
  lookup?: ReturnType<typeof guardedLookup>;
  createConnection?: () => Socket;
}

/**
 * The connection options for a WebSocket to `url` under the upstream client's address policy (the URL and
 * the proxy checked, every resolved address guarded); the tunnel, when there is a proxy, is open already.
 */
export async function webSocketConnection(
  upstream: Pick<UpstreamClient, 'checkUrl' | 'webSocketOptions'>,
  url: string,
  signal: AbortSignal,
  proxyUrl?: string,
): Promise<WebSocketConnection> {
  upstream.checkUrl(url);
  const { lookup, handshakeTimeout } = upstream.webSocketOptions();
  if (!proxyUrl) return { lookup, handshakeTimeout };
  upstream.checkUrl(proxyUrl);
  const tunnel = await openTunnel({ url: new URL(url), proxyUrl, lookup, signal });
  return { handshakeTimeout, createConnection: () => tunnel };
}
