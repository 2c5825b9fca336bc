/**
 * JSON bodies of relay calls: a body of several chunks is decoded chunk by chunk as they arrive (joining
 * and decoding a 30 MB body at once held the event loop for 60–180 ms), a body of one chunk at its end;
 * then parsed with one JSON.parse, in a turn of its own for a large
 * body. The console's secure parser also scans the whole text for `__proto__` keys; relay bodies are only
 * read field by field and copied with spreads, which keep such keys plain own properties. Used by the
 * relay's Fastify parser (server/src/relay/routes.ts) and its direct path (server/src/relay/fast-path.ts).
 */
import { StringDecoder } from 'node:string_decoder';

/** A body failure with the HTTP status it answers (413 too large, 400 otherwise). */
export function bodyError(message: string, statusCode: number): Error {
  return Object.assign(new Error(message), { statusCode });
}

/** Bodies above this size are flattened and parsed in turns of their own, after the one that received their end. */
const STAGED_PARSE_BYTES = 1024 * 1024;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Reads `payload` to its end and calls `done` once: with the parsed value or a body failure. */
export function readJsonBody(
  payload: NodeJS.ReadableStream,
  bodyLimit: number,
  done: (error: Error | null, value?: unknown) => void,
): void {
  // Most bodies arrive in one chunk, decoded at the end in one call; a decoder (costly to create) is made
  // only for a body of several chunks, which it decodes as they arrive.
  let first: Buffer | null = null;
  let decoder: StringDecoder | null = null;
  let text = '';
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, value?: unknown) => {
    if (finished) return;
    finished = true;
    done(error, value);
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > bodyLimit) {
      finish(bodyError('the request body is too large', 413));
      first = null;
      text = '';
      payload.removeAllListeners('data');
      payload.resume();
      return;
    }
    if (decoder) {
      text += decoder.write(chunk);
    } else if (first === null) {
      first = chunk;
    } else {
      decoder = new StringDecoder('utf8');
      text = decoder.write(first) + decoder.write(chunk);
      first = null;
    }
  });
  payload.on('error', (error: Error) => finish(bodyError(error.message, 400)));
  payload.on('end', () => {
    if (finished) return;
    if (size === 0) return finish(bodyError('the request body is empty', 400));
    if (decoder) text += decoder.end();
    else if (first !== null) text = first.toString('utf8');
    first = null;
    const parse = () => {
      try {
        finish(null, JSON.parse(text));
      } catch {
        finish(bodyError('the request body is not valid JSON', 400));
      }
    };
    if (size <= STAGED_PARSE_BYTES) return parse();
    // The text is a rope of decoded chunks: flattening it (a search from its end does) and parsing it
    // take a turn each.
    void nextTurn()
      .then(() => {
        text.indexOf('"', text.length - 1);
        return nextTurn();
      })
      .then(parse);
  });
}
