/**
 * Notifying a user (quota warnings …) by email or by a webhook: JSON POSTed to their https URL, signed
 * with HMAC-SHA256 of the body under their secret in `X-Webhook-Signature: sha256=<hex>`. A user's
 * webhook is user-controlled, so it may only reach public addresses (unless the policy is allow-all).
 */
import { createHmac } from 'node:crypto';
import type { UpstreamClient } from './http-client.ts';
import { sendMail, smtpConfigured } from './mailer.ts';
import type { OptionReader } from './option-reader.ts';

export interface NotifyDependencies {
  options: OptionReader;
  /** The HTTP client for users' webhooks (public addresses only). */
  webhooks: UpstreamClient;
}

export interface UserNotice {
  type: string;
  title: string;
  content: string;
  values?: Record<string, unknown>;
}

export interface NoticeTarget {
  notifyType: string;
  email: string;
  webhookUrl: string;
  webhookSecret: string;
}

export function signWebhookBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export async function notifyUser(
  context: NotifyDependencies,
  target: NoticeTarget,
  notice: UserNotice,
): Promise<void> {
  if (target.notifyType === 'webhook') {
    if (!target.webhookUrl) return;
    const body = JSON.stringify({ ...notice, timestamp: Math.floor(Date.now() / 1000) });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (target.webhookSecret) headers['x-webhook-signature'] = signWebhookBody(body, target.webhookSecret);
    const response = await context.webhooks.send(
      { url: target.webhookUrl, method: 'POST', headers, body },
      { headersMs: 10_000, idleMs: 10_000 },
      AbortSignal.timeout(10_000),
    );
    await response.body.dump();
    if (response.statusCode >= 400) throw new Error(`webhook answered HTTP ${response.statusCode}`);
    return;
  }
  if (!target.email || !smtpConfigured(context.options)) return;
  const escaped = notice.content.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
  await sendMail(context.options, { to: target.email, subject: notice.title, html: `<p>${escaped}</p>` });
}
