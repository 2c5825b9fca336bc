/**
 * Where the Stripe and Creem APIs are. Production uses the vendors' addresses (Creem's test API when
 * CreemTestMode is on); STRIPE_API_URL and CREEM_API_URL (server/src/config.ts) point them elsewhere (a
 * proxy, or the local fakes of server/src/test-support/fake-stripe.ts and fake-creem.ts).
 */
import type { AppContext } from '../../context.ts';

export interface StripeHost {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

/** The Stripe client's host settings, or null for api.stripe.com. */
export function stripeHost(context: AppContext): StripeHost | null {
  const value = context.config.externalEndpoints.stripeApi;
  if (!value) return null;
  const address = new URL(value);
  const protocol = address.protocol === 'http:' ? 'http' : 'https';
  const port = address.port ? Number(address.port) : protocol === 'http' ? 80 : 443;
  return { host: address.hostname, port, protocol };
}

export function creemApiBase(context: AppContext): string {
  const configured = context.config.externalEndpoints.creemApi;
  if (configured) return configured;
  return context.options.getBoolean('CreemTestMode') ? 'https://test-api.creem.io' : 'https://api.creem.io';
}
