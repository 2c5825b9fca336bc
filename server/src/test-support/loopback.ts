/**
 * Starting a fake's HTTP server on a free port of 127.0.0.1: the fake upstream
 * (fake-upstream/fake-upstream.ts), the fake vendors (fake-vendors/http.ts) and the benchmark's bare
 * relay (bench/servers/bare-proxy.ts).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on a free port of 127.0.0.1 (an error while listening rejects); resolves to the base URL. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}
