/**
 * The fake upstream's reading of multipart/form-data bodies (audio and image uploads), written
 * independently of the gateway's own multipart code: split on the boundary, headers parsed by hand.
 * Fields become strings; files are recorded by name, filename, type, size and SHA-256, so a test can
 * check that the upload arrived byte for byte.
 */
import { createHash } from 'node:crypto';

export interface FakeUpload {
  filename: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface FakeMultipart {
  fields: Record<string, string>;
  files: Record<string, FakeUpload>;
}

/** Parses a multipart body, or returns a reason it is malformed. */
export function parseMultipart(body: Buffer, contentType: string): FakeMultipart | string {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return 'no boundary';
  const delimiter = Buffer.from(`--${marker}`);
  const result: FakeMultipart = { fields: {}, files: {} };
  let position = body.indexOf(delimiter);
  if (position < 0) return 'no first boundary';
  for (;;) {
    position += delimiter.length;
    if (body.subarray(position, position + 2).toString() === '--') return result;
    position += 2; // CRLF after the boundary
    const headerEnd = body.indexOf('\r\n\r\n', position);
    if (headerEnd < 0) return 'a part without headers';
    const headers = body.subarray(position, headerEnd).toString('utf8');
    const next = body.indexOf(delimiter, headerEnd + 4);
    if (next < 0) return 'a part without an end';
    const content = body.subarray(headerEnd + 4, next - 2); // CRLF before the next boundary
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    if (name === undefined) return 'a part without a name';
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (filename === undefined) result.fields[name] = content.toString('utf8');
    else
      result.files[name] = {
        filename,
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
      };
    position = next;
  }
}
