/**
 * Where the Stripe and Creem APIs are. Production uses the vendors' addresses (Creem's test API when
 * CreemTestMode is on); STRIPE_API_URL and CREEM_API_URL point them elsewhere (a proxy, or the local fakes
 * of server/src/test-support/fake-stripe.ts and fake-creem.ts). Read on each call, so a change applies
 * without a restart.
 */
import type { AppContext } from '../../context.ts';

export interface StripeHost {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The Stripe client's host settings, or null for api.stripe.com. */
export function stripeHost(): StripeHost | null {
  const value = process.env.STRIPE_API_URL?.trim();
  if (!value) return null;
  const address = new URL(value);
  const protocol = address.protocol === 'http:' ? 'http' : 'https';
  const port = address.port ? Number(address.port) : protocol === 'http' ? 80 : 443;
  return { host: address.hostname, port, protocol };
}

export function creemApiBase(context: AppContext): string {
  const configured = process.env.CREEM_API_URL?.trim();
  if (configured) return configured.replace(/\/+$/, '');
  return context.options.getBoolean('CreemTestMode') ? 'https://test-api.creem.io' : 'https://api.creem.io';
}
