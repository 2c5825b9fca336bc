/**
 * A local proxy for tests of upstream connections through a channel's proxy: an HTTP CONNECT proxy, or a
 * SOCKS5 proxy without authentication (RFC 1928: greeting answered "no authentication", then CONNECT to an
 * IPv4 address or a name), or a silent one that accepts and never answers (for connect timeouts). It
 * records the target of every tunnel it opened, and counts the connections it accepted and saw closed.
 */
import { connect, createServer, type Socket } from 'node:net';

export interface TunnelProxy {
  url: string;
  /** `host:port` of every tunnel opened, in order. */
  readonly tunnels: string[];
  /** Connections accepted. */
  accepted(): number;
  /** Accepted connections closed before close(): by the client, or because their tunnel ended. */
  closedByClient(): number;
  close(): Promise<void>;
}

function pipeTo(client: Socket, host: string, port: number, answer: Buffer, rest: Buffer): void {
  const target = connect(port, host, () => {
    client.write(answer);
    if (rest.length > 0) target.write(rest);
    client.pipe(target).pipe(client);
  });
  target.on('error', () => client.destroy());
  client.on('error', () => target.destroy());
  client.on('close', () => target.destroy());
}

/** The SOCKS5 CONNECT request's target and its length, or null while incomplete. */
function socksTarget(request: Buffer): { host: string; port: number; length: number } | null {
  const kind = request[3];
  if (kind === 1 && request.length >= 10) {
    return { host: [...request.subarray(4, 8)].join('.'), port: request.readUInt16BE(8), length: 10 };
  }
  if (kind === 3 && request.length >= 5) {
    const size = request[4] ?? 0;
    if (request.length < 7 + size) return null;
    return {
      host: request.subarray(5, 5 + size).toString(),
      port: request.readUInt16BE(5 + size),
      length: 7 + size,
    };
  }
  return null;
}

/** mode 'http': CONNECT proxy; 'socks5': SOCKS5 without authentication; 'silent': accepts, never answers. */
export async function startTunnelProxy(mode: 'http' | 'socks5' | 'silent'): Promise<TunnelProxy> {
  const tunnels: string[] = [];
  const sockets = new Set<Socket>();
  let accepted = 0;
  let closedByClient = 0;
  let closing = false;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (!closing) closedByClient += 1;
    });
    socket.on('error', () => undefined);
    // Reading (and dropping) what arrives lets the server see the client's FIN.
    if (mode === 'silent') return void socket.resume();
    let buffer = Buffer.alloc(0);
    let greeted = false;
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (mode === 'http') {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        const [, target = ''] = /^CONNECT (\S+) /.exec(buffer.subarray(0, end).toString()) ?? [];
        const separator = target.lastIndexOf(':');
        tunnels.push(target);
        const answer = Buffer.from('HTTP/1.1 200 Connection Established\r\n\r\n');
        const host = target.slice(0, separator).replace(/^\[|\]$/g, '');
        pipeTo(socket, host, Number(target.slice(separator + 1)), answer, buffer.subarray(end + 4));
        return;
      }
      if (buffer[0] !== 5) return void socket.destroy();
      if (!greeted) {
        const methods = buffer[1];
        if (methods === undefined || buffer.length < 2 + methods) return;
        greeted = true;
        buffer = buffer.subarray(2 + methods);
        socket.write(Buffer.from([5, 0]));
        if (buffer.length === 0) return;
      }
      const target = socksTarget(buffer);
      if (!target) return;
      socket.off('data', onData);
      tunnels.push(`${target.host}:${target.port}`);
      const answer = Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]);
      pipeTo(socket, target.host, target.port, answer, buffer.subarray(target.length));
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `${mode === 'socks5' ? 'socks5' : 'http'}://127.0.0.1:${port}`,
    tunnels,
    accepted: () => accepted,
    closedByClient: () => closedByClient,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
