/**
 * The site's public address. An explicitly saved ServerAddress always wins (a new-api database keeps its
 * value); while it is unset (its catalogue default is empty) the address is derived: from the request the
 * visitor sent (Fastify's `protocol` and `host`, which follow X-Forwarded-Proto / X-Forwarded-Host only
 * when TRUST_PROXY is on), else from the port the server listens on.
 */
import type { OptionStore } from './store.ts';

/** What a request tells about the address it was sent to (Fastify's `request.protocol` and `request.host`). */
export interface RequestAddress {
  protocol: string;
  host: string;
}

/** The saved ServerAddress without trailing slashes, or '' while it is unset. */
export function savedServerAddress(options: Pick<OptionStore, 'get'>): string {
  return options.get('ServerAddress').trim().replace(/\/+$/, '');
}

/** `http://localhost:<port>`: the address of a server nobody told its public name. */
export function localServerAddress(port: number): string {
  return `http://localhost:${port}`;
}

/** The address a request was sent to, or null when its Host is missing or not a plain host[:port]. */
export function requestServerAddress(request: RequestAddress): string | null {
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  const host = request.host.trim();
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i.test(host)) return null;
  return `${protocol}://${host}`;
}

/**
 * The address links shown to the visitor of `request` start with: the saved ServerAddress, else the
 * request's own address, else the local one. Only for what goes back to that same visitor (the public
 * status, their console): an address that reaches somebody else by mail must not come from a request
 * header anyone can forge — use `savedServerAddress` / `localServerAddress` there.
 */
export function serverAddressFor(
  options: Pick<OptionStore, 'get'>,
  request: RequestAddress | undefined,
  port: number,
): string {
  return (
    savedServerAddress(options) ||
    (request ? requestServerAddress(request) : null) ||
    localServerAddress(port)
  );
}
