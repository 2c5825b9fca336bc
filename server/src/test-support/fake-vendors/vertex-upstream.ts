/**
 * A fake Google Vertex AI for integration tests: an OAuth token endpoint (`POST /token`, JWT bearer grant,
 * the assertion's RS256 signature, audience and lifetime checked with `jose` against the service account's
 * public key) and the publisher routes `/v1/projects/<p>/locations/<r>/publishers/google/models/<m>:generateContent` (and
 * `:streamGenerateContent?alt=sse`) and `…/publishers/anthropic/models/<m>:rawPredict` (`:streamRawPredict`),
 * which need a token it issued and answer like the fake Gemini and Claude APIs.
 */
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { errors, jwtVerify } from 'jose';
import { answerMessages } from './claude-upstream.ts';
import { generate } from './gemini-upstream.ts';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_VERTEX_PROJECT = 'switchyard-test';
/** Gemini models the publisher list names. */
export const FAKE_VERTEX_MODELS = ['gemini-2.5-flash', 'gemini-2.5-pro'];

export interface FakeVertex extends FakeVendor {
  /** The service-account JSON key to put in a channel. */
  readonly serviceAccountKey: string;
  /** Tokens issued so far (one exchange per token). */
  readonly issued: string[];
}

const ROUTE =
  /^\/v1\/projects\/([^/]+)\/locations\/([^/]+)\/publishers\/(google|anthropic)\/models\/([^/:]+):(\w+)(\?.*)?$/;

function googleError(response: ServerResponse, code: number, status: string, message: string): void {
  sendJson(response, code, { error: { code, message, status } });
}

/** Why a JWT-bearer assertion is refused (checked with a JWT library, `jose`), or null. */
async function assertionProblem(
  assertion: string,
  publicKey: KeyObject,
  audience: string,
): Promise<string | null> {
  try {
    const { payload } = await jwtVerify(assertion, publicKey, { algorithms: ['RS256'], audience });
    if (typeof payload.scope !== 'string' || !payload.scope.includes('cloud-platform'))
      return 'missing scope';
    if (typeof payload.iss !== 'string' || !payload.iss.endsWith('.iam.gserviceaccount.com'))
      return 'unknown issuer';
    return null;
  } catch (error) {
    return error instanceof errors.JWSSignatureVerificationFailed
      ? 'invalid JWT signature'
      : `invalid assertion: ${(error as Error).message}`;
  }
}

export async function startFakeVertex(): Promise<FakeVertex> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const issued: string[] = [];
  let tokenUri = '';
  const route = async (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.method === 'POST' && request.path === '/token') {
      const problem =
        request.body.grant_type !== 'urn:ietf:params:oauth:grant-type:jwt-bearer'
          ? 'unsupported grant_type'
          : await assertionProblem(String(request.body.assertion ?? ''), publicKey, tokenUri);
      if (problem) {
        sendJson(response, 400, { error: 'invalid_grant', error_description: problem });
        return;
      }
      const token = `ya29.fake-${issued.length + 1}`;
      issued.push(token);
      sendJson(response, 200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
      return;
    }
    if (request.method === 'GET' && request.path.startsWith('/v1beta1/publishers/google/models')) {
      if (!issued.includes(String(request.headers.authorization ?? '').replace(/^Bearer /, ''))) {
        googleError(response, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
        return;
      }
      sendJson(response, 200, {
        publisherModels: FAKE_VERTEX_MODELS.map((model) => ({ name: `publishers/google/models/${model}` })),
      });
      return;
    }
    const match = ROUTE.exec(request.path);
    if (request.method !== 'POST' || !match) {
      googleError(response, 404, 'NOT_FOUND', `not found: ${request.path}`);
      return;
    }
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!issued.includes(bearer)) {
      googleError(response, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
      return;
    }
    const [, project, , publisher, model = '', action] = match;
    if (project !== FAKE_VERTEX_PROJECT) {
      googleError(response, 403, 'PERMISSION_DENIED', `project ${project} is not yours`);
      return;
    }
    if (publisher === 'google' && (action === 'generateContent' || action === 'streamGenerateContent')) {
      generate(request, response, model, action === 'streamGenerateContent');
      return;
    }
    if (publisher === 'anthropic' && (action === 'rawPredict' || action === 'streamRawPredict')) {
      if (request.body.anthropic_version !== 'vertex-2023-10-16') {
        sendJson(response, 400, {
          type: 'error',
          error: {
            type: 'invalid_request_error',
            message: 'anthropic_version: vertex-2023-10-16 is required',
          },
        });
        return;
      }
      answerMessages(request, response, model, false);
      return;
    }
    googleError(response, 400, 'INVALID_ARGUMENT', `unsupported action ${action} for ${publisher}`);
  };
  const vendor = await startFakeVendor(route);
  tokenUri = `${vendor.url}/token`;
  const serviceAccountKey = JSON.stringify({
    type: 'service_account',
    project_id: FAKE_VERTEX_PROJECT,
    private_key_id: 'fake',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `relay@${FAKE_VERTEX_PROJECT}.iam.gserviceaccount.com`,
    token_uri: tokenUri,
  });
  return Object.assign(vendor, { serviceAccountKey, issued });
}
