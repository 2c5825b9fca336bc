/**
 * AWS Signature Version 4 for one request, by AWS's own signer (@smithy/signature-v4 with Node's SHA-256
 * from @smithy/hash-node): the request's headers, its path (non-S3 services sign each segment URI-encoded
 * a second time, so a model id's `:` sent as `%3A` is signed as `%253A`), its query and the SHA-256 of its
 * body. The `host` header is signed from the URL and left to the HTTP client to send.
 */
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { UpstreamRequest } from '../types.ts';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

/** SHA-256 as the signer takes it (a hash constructor, optionally keyed for HMAC). */
const Sha256 = Hash.bind(null, 'sha256');

/** Adds x-amz-date, x-amz-content-sha256 and authorization to the request's headers. */
export async function signAwsRequest(
  request: UpstreamRequest,
  credentials: AwsCredentials,
  now = new Date(),
): Promise<void> {
  const body = request.body ?? '';
  if (typeof body !== 'string' && !Buffer.isBuffer(body)) throw new Error('a streamed body cannot be signed');
  const url = new URL(request.url);
  const signer = new SignatureV4({
    credentials: { accessKeyId: credentials.accessKeyId, secretAccessKey: credentials.secretAccessKey },
    region: credentials.region,
    service: credentials.service,
    sha256: Sha256,
  });
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of url.searchParams) {
    const previous = query[name];
    query[name] =
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  const signed = await signer.sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port ? { port: Number(url.port) } : {}),
      path: url.pathname,
      query,
      headers: { ...request.headers, host: url.host },
      body,
    },
    { signingDate: now },
  );
  for (const name of ['x-amz-date', 'x-amz-content-sha256', 'authorization']) {
    const value = signed.headers[name];
    if (value === undefined) throw new Error(`the AWS signer set no ${name} header`);
    request.headers[name] = value;
  }
}
