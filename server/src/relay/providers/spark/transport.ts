/**
 * The iFlytek Spark transport (docs/providers/spark.md): one WebSocket per call, under the upstream address
 * policy (server/src/lib/http-client.ts checkUrl, webSocketOptions), with the request frame sent once the
 * socket opens. Its answer is read by the relay as an HTTP response would be:
 * - a refused handshake: its HTTP status and body;
 * - an error frame before any text (or anywhere in a whole reply): the status its code stands for
 *   (./codec.ts sparkErrorStatus) with the frame as the body;
 * - a stream: 200 `text/event-stream`, each frame as a `data:` line as it arrives (the socket is paused
 *   while the reader lags, nothing is buffered beyond a few frames);
 * - a whole reply: 200 JSON `{frames: [...]}` once the last frame is in.
 * The first frame must come within the header bound and each next one within the idle bound; the call's
 * signal closes the socket. A channel proxy is refused: the WebSocket is always reached directly.
 */
import WebSocket, { type RawData } from 'ws';
import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_IDLE_TIMEOUT_MS,
  jsonResponse,
  readLimited,
  type UpstreamResponse,
} from '../../../lib/http-client.ts';
import { type WebSocketConnection, webSocketConnection } from '../../../lib/websocket-tunnel.ts';
import { maskSecrets } from '../../http/errors.ts';
import type { TransportInput } from '../types.ts';
import { sparkErrorStatus, sparkFrameHeader } from './codec.ts';
import { signedSparkUrl, sparkCredentials } from './signing.ts';

/** The largest frame accepted (Spark's are a few kilobytes). */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;
/** The largest whole (non-stream) reply collected. */
const MAX_REPLY_BYTES = 32 * 1024 * 1024;
/** Frames read ahead of a slow reader before the socket is paused. */
const READ_AHEAD_FRAMES = 16;
/** How long a closing handshake may take before the socket is cut. */
const CLOSE_TIMEOUT_MS = 5_000;

interface Frame {
  /** The frame as one line of JSON. */
  text: string;
  code: number;
  last: boolean;
}

interface Refusal {
  status: number;
  text: string;
}

function failure(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * One Spark socket: the handshake's outcome, then its frames in order through `next()`, each within its
 * time bound. Any failure (socket error, early close, timeout, abort) rejects the pending and later reads.
 */
class SparkSocket {
  private readonly socket: WebSocket;
  private readonly queue: Frame[] = [];
  private waiter: { resolve(frame: Frame | null): void; reject(error: Error): void } | null = null;
  private error: Error | null = null;
  private ended = false;
  private seenFrame = false;
  private timer: NodeJS.Timeout | undefined;
  readonly handshake: Promise<Refusal | null>;

  constructor(
    url: string,
    frame: string,
    private readonly input: TransportInput,
    private readonly secrets: readonly string[],
    connection: WebSocketConnection,
  ) {
    this.socket = new WebSocket(url, {
      ...connection,
      closeTimeout: CLOSE_TIMEOUT_MS,
      maxPayload: MAX_FRAME_BYTES,
      perMessageDeflate: false,
      followRedirects: false,
    } as WebSocket.ClientOptions);
    input.signal.addEventListener('abort', this.onAbort, { once: true });
    this.handshake = new Promise<Refusal | null>((resolve, reject) => {
      this.socket.once('open', () => {
        this.socket.send(frame, (error) => {
          if (error) this.fail(error);
        });
        resolve(null);
      });
      this.socket.once('unexpected-response', (request, response) => {
        readLimited(response)
          .catch(() => '')
          .then((text) => {
            response.destroy();
            request.destroy();
            this.finish();
            resolve({ status: response.statusCode ?? 502, text });
          });
      });
      this.socket.on('error', (error) => {
        this.fail(error);
        reject(this.error);
      });
      this.socket.on('close', (code) => {
        if (!this.ended)
          this.fail(
            failure(`the Spark connection closed before the last frame (code ${code})`, 'spark_closed'),
          );
        reject(this.error ?? failure('the Spark connection closed', 'spark_closed'));
      });
    });
    // The handshake's own rejection is read through next() or the awaited handshake; never unhandled.
    this.handshake.catch(() => undefined);
    this.socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    this.arm();
    if (input.signal.aborted) this.onAbort();
  }

  /** The next frame; null once the last one was read; rejects on any failure. */
  next(): Promise<Frame | null> {
    const frame = this.queue.shift();
    if (frame) {
      if (this.queue.length === 0 && this.socket.isPaused) {
        this.socket.resume();
        this.arm();
      }
      return Promise.resolve(frame);
    }
    if (this.error) return Promise.reject(this.error);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  /** Closes the socket politely (after the last frame); a closing one is left to its close bound. */
  close(): void {
    this.finish();
    if (this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
    else if (this.socket.readyState === WebSocket.CONNECTING) this.socket.terminate();
  }

  /** Cuts the socket at once (the reader is gone). */
  destroy(): void {
    this.finish();
    this.queue.length = 0;
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.terminate();
  }

  private readonly onAbort = () => {
    const reason = this.input.signal.reason;
    this.fail(reason instanceof Error ? reason : failure('the call was aborted', 'ABORT_ERR'));
  };

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.ended || this.error) return;
    let value: unknown;
    try {
      value = JSON.parse(isBinary ? '' : data.toString());
    } catch {
      this.fail(failure('iFlytek Spark sent a frame that is not JSON', 'bad_upstream_reply'));
      return;
    }
    const header = sparkFrameHeader(value);
    if (!header) {
      this.fail(failure('iFlytek Spark sent a frame without a header', 'bad_upstream_reply'));
      return;
    }
    this.seenFrame = true;
    const frame = { text: JSON.stringify(value), code: header.code, last: header.last };
    if (frame.last) {
      this.ended = true;
      clearTimeout(this.timer);
    } else this.arm();
    if (this.waiter) {
      const { resolve } = this.waiter;
      this.waiter = null;
      resolve(frame);
    } else {
      this.queue.push(frame);
      if (this.queue.length >= READ_AHEAD_FRAMES && !this.socket.isPaused) {
        // The reader lags: the upstream waits, and its silence is not counted against it meanwhile.
        this.socket.pause();
        clearTimeout(this.timer);
      }
    }
    if (frame.last && this.socket.readyState === WebSocket.OPEN) this.socket.close(1000);
  }

  /** (Re)starts the silence bound: the header bound for the first frame, the idle bound after. */
  private arm(): void {
    clearTimeout(this.timer);
    if (this.error || this.ended || this.socket.isPaused) return;
    const { headersMs, idleMs } = this.input.timeouts;
    const bound = this.seenFrame
      ? idleMs > 0
        ? idleMs
        : DEFAULT_IDLE_TIMEOUT_MS
      : headersMs > 0
        ? headersMs
        : DEFAULT_HEADERS_TIMEOUT_MS;
    this.timer = setTimeout(() => {
      const what = this.seenFrame ? 'no further frame' : 'no frame';
      this.fail(failure(`${what} from iFlytek Spark within ${bound / 1000} s`, 'spark_timeout'));
    }, bound);
    this.timer.unref();
  }

  private fail(error: Error): void {
    if (this.error || this.ended) return;
    const code = (error as { code?: unknown }).code ?? error.name;
    this.error = failure(maskSecrets(error.message, this.secrets), String(code));
    this.finish();
    if (this.socket.readyState !== WebSocket.CLOSED) this.socket.terminate();
    if (this.waiter) {
      const { reject } = this.waiter;
      this.waiter = null;
      reject(this.error);
    }
  }

  private finish(): void {
    clearTimeout(this.timer);
    this.input.signal.removeEventListener('abort', this.onAbort);
  }
}

/** The frames from `first` on, each as an SSE event, read as the consumer pulls them. */
function streamBody(socket: SparkSocket, first: Frame): UpstreamResponse['body'] {
  async function* events(): AsyncGenerator<Uint8Array> {
    try {
      for (let frame: Frame | null = first; frame; frame = frame.last ? null : await socket.next()) {
        yield Buffer.from(`data: ${frame.text}\n\n`, 'utf8');
      }
    } finally {
      socket.close();
    }
  }
  let iterator: AsyncGenerator<Uint8Array> | undefined;
  const body: UpstreamResponse['body'] = {
    [Symbol.asyncIterator]: () => {
      iterator ??= events();
      return iterator;
    },
    arrayBuffer: async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk));
      const joined = Buffer.concat(chunks);
      return joined.buffer.slice(joined.byteOffset, joined.byteOffset + joined.byteLength);
    },
    dump: async () => socket.destroy(),
    destroy: () => socket.destroy(),
  };
  return body;
}

/** Every frame up to the last, as `{frames: [...]}`; an error frame anywhere answers as a failure. */
async function wholeReply(socket: SparkSocket, first: Frame): Promise<UpstreamResponse> {
  const parts: string[] = [];
  let size = 0;
  for (let frame: Frame | null = first; frame; frame = frame.last ? null : await socket.next()) {
    if (frame.code !== 0) {
      socket.close();
      return jsonResponse(sparkErrorStatus(frame.code), frame.text);
    }
    size += frame.text.length;
    if (size > MAX_REPLY_BYTES)
      throw failure(`the iFlytek Spark reply exceeds ${MAX_REPLY_BYTES} bytes`, 'bad_upstream_reply');
    parts.push(frame.text);
  }
  socket.close();
  return jsonResponse(200, `{"frames":[${parts.join(',')}]}`);
}

export async function sparkTransport(input: TransportInput): Promise<UpstreamResponse> {
  const credentials = sparkCredentials(input.channel.key);
  if (!credentials) throw failure('the key is not APPID|APISecret|APIKey', 'channel_misconfigured');
  if (typeof input.request.body !== 'string')
    throw failure('the Spark request frame is missing', 'channel_misconfigured');
  const url = signedSparkUrl(input.request.url, credentials);
  let socket: SparkSocket;
  try {
    const connection = await webSocketConnection(input.upstream, url, input.signal, input.proxyUrl);
    socket = new SparkSocket(url, input.request.body, input, [input.channel.key], connection);
  } catch (error) {
    // Never the error's own message: ws names the URL, whose query carries the authorization.
    throw failure(`could not open the iFlytek Spark socket (${(error as Error).name})`, 'spark_connect');
  }
  try {
    const refusal = await socket.handshake;
    if (refusal) return jsonResponse(refusal.status, refusal.text);
    const first = await socket.next();
    if (!first) throw failure('iFlytek Spark sent no frame', 'spark_closed');
    if (first.code !== 0) {
      socket.close();
      return jsonResponse(sparkErrorStatus(first.code), first.text);
    }
    if (input.stream) {
      return {
        statusCode: 200,
        headers: { 'content-type': 'text/event-stream' },
        body: streamBody(socket, first),
      };
    }
    return await wholeReply(socket, first);
  } catch (error) {
    socket.destroy();
    throw error;
  }
}
