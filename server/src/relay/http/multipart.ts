/**
 * Multipart relay bodies (audio transcriptions and translations, image edits and variations): read with
 * @fastify/busboy as they arrive — fields kept, each file held in memory up to MEMORY_FILE_BYTES and
 * spilled to a temporary file beyond — then written again for the upstream with the model field replaced,
 * as a stream with an exact content-length, once per attempt. The whole body is bounded by the relay's
 * body limit (413); temporary files are removed when the call ends.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import { relayError } from './errors.ts';

/** A file up to this size stays in memory; a larger one goes to a temporary file as it arrives. */
export const MEMORY_FILE_BYTES = 1024 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
const MAX_PARTS = 64;

export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  /** The bytes, when the file stayed in memory. */
  buffer?: Buffer;
  /** The temporary file, when it did not. */
  path?: string;
}

export interface MultipartBody {
  /** Text fields in arrival order (a repeated field keeps every value). */
  fields: [string, string][];
  files: MultipartFile[];
  /** Removes the temporary files (idempotent). */
  dispose(): Promise<void>;
}

export function fieldValue(body: MultipartBody, name: string): string | undefined {
  return body.fields.find(([field]) => field === name)?.[1];
}

/** Reads a multipart body; rejects with 400 (malformed) or 413 (over `limitBytes`). */
export async function readMultipart(
  stream: Readable,
  contentType: string,
  limitBytes: number,
  /** Where spilled files go (the system's temporary directory by default). */
  temporaryRoot: string = tmpdir(),
): Promise<MultipartBody> {
  let directory: string | undefined;
  const files: MultipartFile[] = [];
  const fields: [string, string][] = [];
  const writers: Promise<void>[] = [];
  const spills: Promise<void>[] = [];
  const dispose = async () => {
    // A spill may still be creating its directory when a failure disposes.
    await Promise.allSettled(spills);
    if (directory) await rm(directory, { recursive: true, force: true });
  };
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        stream.unpipe();
        stream.resume();
        reject(error);
      };
      let parser: ReturnType<typeof Busboy>;
      try {
        parser = Busboy({
          headers: { 'content-type': contentType },
          limits: { fieldSize: MAX_FIELD_BYTES, parts: MAX_PARTS, fileSize: limitBytes },
        });
      } catch {
        reject(relayError(400, 'invalid_request', 'the multipart body has no boundary'));
        return;
      }
      stream.on('data', (chunk: Buffer) => {
        total += chunk.length;
        if (total > limitBytes) fail(relayError(413, 'body_too_large', 'the request body is too large'));
      });
      parser.on('field', (name, value, _nameTruncated, valueTruncated) => {
        if (valueTruncated) fail(relayError(400, 'invalid_request', `the field ${name} is too long`));
        else fields.push([name, value]);
      });
      parser.on('file', (field, file, filename, _encoding, mimeType) => {
        const entry: MultipartFile = { field, filename: filename || field, contentType: mimeType, size: 0 };
        files.push(entry);
        const chunks: Buffer[] = [];
        let sink: WriteStream | undefined;
        writers.push(
          new Promise<void>((done, broken) => {
            file.on('data', (chunk: Buffer) => {
              entry.size += chunk.length;
              if (sink) {
                if (!sink.write(chunk)) {
                  file.pause();
                  sink.once('drain', () => file.resume());
                }
                return;
              }
              chunks.push(chunk);
              if (entry.size <= MEMORY_FILE_BYTES) return;
              // Past the threshold: the file continues on disk.
              file.pause();
              const spill = (async () => {
                directory ??= await mkdtemp(join(temporaryRoot, 'switchyard-upload-'));
                entry.path = join(directory, randomBytes(8).toString('hex'));
                sink = createWriteStream(entry.path);
                sink.on('error', broken);
                sink.write(Buffer.concat(chunks));
                chunks.length = 0;
                file.resume();
              })();
              spills.push(spill);
              spill.catch(broken);
            });
            file.on('end', () => {
              if (!sink) {
                entry.buffer = Buffer.concat(chunks);
                done();
              } else sink.end(done);
            });
            file.on('error', broken);
          }),
        );
      });
      parser.on('partsLimit', () =>
        fail(relayError(400, 'invalid_request', 'the multipart body has too many parts')),
      );
      parser.on('error', () => fail(relayError(400, 'invalid_request', 'the multipart body is malformed')));
      parser.on('finish', () => {
        if (!failed) resolve();
      });
      // A decoded body (./compressed-body.ts) fails with its own status (413, 415), as in ./json-body.ts.
      stream.on('error', (error: Error & { statusCode?: number }) =>
        fail(relayError(error.statusCode ?? 400, 'invalid_request', error.message)),
      );
      // A client that goes away mid-upload must not leave the call (and its temporary files) waiting.
      stream.on('close', () => {
        if (!stream.readableEnded) fail(relayError(400, 'invalid_request', 'the upload was cut off'));
      });
      stream.pipe(parser);
    });
    await Promise.all(writers);
  } catch (error) {
    await dispose();
    throw error;
  }
  return { fields, files, dispose };
}

function quoted(text: string): string {
  return text.replace(/["\r\n]/g, (char) => encodeURIComponent(char));
}

/**
 * The body written again for an upstream: `fields` (the model replaced by the caller) and the files,
 * as a fresh stream each call, with its content type and exact length.
 */
export function encodeMultipart(
  fields: readonly [string, string][],
  files: readonly MultipartFile[],
): { contentType: string; length: number; open: () => AsyncIterable<Uint8Array> } {
  const boundary = `----switchyard${randomBytes(12).toString('hex')}`;
  const heads: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"\r\n\r\n${value}\r\n`,
    ),
  );
  const fileHeads = files.map((file) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.filename)}"\r\nContent-Type: ${file.contentType || 'application/octet-stream'}\r\n\r\n`,
    ),
  );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const crlf = Buffer.from('\r\n');
  const length =
    heads.reduce((sum, head) => sum + head.length, 0) +
    files.reduce((sum, file, index) => sum + (fileHeads[index]?.length ?? 0) + file.size + crlf.length, 0) +
    tail.length;
  async function* open(): AsyncIterable<Uint8Array> {
    for (const head of heads) yield head;
    for (const [index, file] of files.entries()) {
      yield fileHeads[index]!;
      if (file.buffer) yield file.buffer;
      else if (file.path) for await (const chunk of createReadStream(file.path)) yield chunk as Buffer;
      yield crlf;
    }
    yield tail;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, open };
}
