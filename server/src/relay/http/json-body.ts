/**
 * JSON bodies of relay calls: a body of several chunks is decoded chunk by chunk as they arrive (joining
 * and decoding a 30 MB body at once held the event loop for 60–180 ms), a body of one chunk at its end;
 * then parsed with one JSON.parse, in a turn of its own for a large
 * body. Before it is parsed, its shape is bounded (server/src/relay/http/json-shape.ts: a body of several
 * chunks is scanned as it arrives): too many values or too deep a nesting is refused with 400 without
 * parsing. The console's secure parser also scans the whole text for `__proto__` keys; relay bodies are only
 * read field by field and copied with spreads, which keep such keys plain own properties. Used by the
 * relay's Fastify parser (server/src/relay/http/routes.ts) and its direct path
 * (server/src/relay/http/fast-path.ts).
 */
import { StringDecoder } from 'node:string_decoder';
import { JsonShapeScanner, MAX_JSON_DEPTH, MAX_JSON_VALUES, type ShapeProblem } from './json-shape.ts';

/** A body failure with the HTTP status it answers (413 too large, 400 otherwise). */
export function bodyError(message: string, statusCode: number): Error {
  return Object.assign(new Error(message), { statusCode });
}

const SHAPE_MESSAGES: Readonly<Record<ShapeProblem, string>> = {
  too_many_values: `the request body holds more than ${MAX_JSON_VALUES} JSON values; send fewer messages, parts or inputs per request`,
  too_deep: `the request body nests JSON values more than ${MAX_JSON_DEPTH} levels deep`,
};

/** The refusal of a body whose shape is past the bounds of server/src/relay/http/json-shape.ts. */
function shapeError(problem: ShapeProblem): Error {
  return bodyError(SHAPE_MESSAGES[problem], 400);
}

/** Bodies above this size are flattened and parsed in turns of their own, after the one that received their end. */
const STAGED_PARSE_BYTES = 1024 * 1024;

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Reads `payload` to its end and calls `done` once: with the parsed value or a body failure. The body's
 * size is recorded on `request` (a body sent without content-length can be large too).
 */
export function readJsonBody(
  payload: NodeJS.ReadableStream,
  bodyLimit: number,
  request: { bodyBytes?: number },
  done: (error: Error | null, value?: unknown) => void,
): void {
  // Most bodies arrive in one chunk, decoded at the end in one call; a decoder (costly to create) is made
  // only for a body of several chunks, which it decodes as they arrive.
  let first: Buffer | null = null;
  let decoder: StringDecoder | null = null;
  // A body of several chunks is scanned as it arrives; a one-chunk body only when it can pass a bound.
  let shape: JsonShapeScanner | null = null;
  let text = '';
  let size = 0;
  let finished = false;
  const finish = (error: Error | null, value?: unknown) => {
    if (finished) return;
    finished = true;
    done(error, value);
  };
  const refuse = (error: Error) => {
    finish(error);
    first = null;
    text = '';
    payload.removeAllListeners('data');
    payload.resume();
  };
  payload.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > bodyLimit) return refuse(bodyError('the request body is too large', 413));
    let piece: string;
    if (decoder) {
      piece = decoder.write(chunk);
    } else if (first === null) {
      first = chunk;
      return;
    } else {
      decoder = new StringDecoder('utf8');
      shape = new JsonShapeScanner();
      piece = decoder.write(first) + decoder.write(chunk);
      first = null;
    }
    text += piece;
    shape?.scan(piece);
    if (shape?.problem) refuse(shapeError(shape.problem));
  });
  // A decoded body (server/src/relay/http/compressed-body.ts) fails with its own status (413, 415).
  payload.on('error', (error: Error & { statusCode?: number }) =>
    finish(error.statusCode ? error : bodyError(error.message, 400)),
  );
  payload.on('end', () => {
    if (finished) return;
    if (size === 0) return finish(bodyError('the request body is empty', 400));
    request.bodyBytes = size;
    if (decoder) {
      const rest = decoder.end();
      text += rest;
      shape?.scan(rest);
    } else if (first !== null) {
      text = first.toString('utf8');
      // Fewer bytes than the deepest nesting allowed cannot pass either bound.
      if (size > MAX_JSON_DEPTH) {
        shape = new JsonShapeScanner();
        shape.scan(text);
      }
    }
    first = null;
    if (shape?.problem) return finish(shapeError(shape.problem));
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
