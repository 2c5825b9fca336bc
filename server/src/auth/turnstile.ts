/**
 * Cloudflare Turnstile bot check (docs/reference/oauth.md): the console sends the widget's token as `?turnstile=`,
 * the server posts it with the secret key to the siteverify endpoint (TURNSTILE_VERIFY_URL) and gets
 * `{success}`. Used on login and registration, the email-code and password-reset requests.
 */
import type { FastifyRequest } from 'fastify';
import { request } from 'undici';
import type { AppContext } from '../context.ts';
import { businessFailure } from '../lib/errors.ts';
import { readLimited } from '../lib/http-client.ts';

const TIMEOUT_MS = 10_000;
/** Cloudflare documents tokens of at most 2048 characters. */
const MAX_TOKEN_LENGTH = 2048;

/** True when Turnstile accepts `token` for this client IP; false on refusal or when it cannot be asked. */
export async function verifyTurnstile(context: AppContext, token: string, ip: string): Promise<boolean> {
  if (token === '' || token.length > MAX_TOKEN_LENGTH) return false;
  const form = new URLSearchParams({ secret: context.options.get('TurnstileSecretKey'), response: token });
  if (ip) form.set('remoteip', ip);
  try {
    const response = await request(context.config.externalEndpoints.turnstileVerify, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await readLimited(response.body, 64 * 1024);
    response.body.destroy();
    if (response.statusCode >= 400) {
      context.logger.warn({ status: response.statusCode }, 'turnstile verification answered an error status');
      return false;
    }
    const verdict = JSON.parse(text) as { success?: unknown; 'error-codes'?: unknown };
    if (verdict.success === true) return true;
    context.logger.info({ errorCodes: verdict['error-codes'] }, 'turnstile refused a token');
    return false;
  } catch (error) {
    context.logger.warn({ error: (error as Error).message }, 'turnstile verification failed');
    return false;
  }
}

/**
 * The route guard: when TurnstileCheckEnabled, the request's `?turnstile=` must pass verification;
 * otherwise a business failure (`turnstile.missing` for an absent token, `turnstile.failed`).
 */
export async function checkTurnstile(context: AppContext, request: FastifyRequest): Promise<void> {
  if (!context.options.getBoolean('TurnstileCheckEnabled')) return;
  const query = request.query as Record<string, unknown> | undefined;
  const token = typeof query?.turnstile === 'string' ? query.turnstile.trim() : '';
  if (token === '') throw businessFailure('turnstile.missing');
  if (!(await verifyTurnstile(context, token, request.ip))) throw businessFailure('turnstile.failed');
}
