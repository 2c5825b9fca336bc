/**
 * A fake Stripe API written from Stripe's published API reference (Checkout Sessions, webhook signatures),
 * for the `stripe` client pointed at it (server/src/api/payments/endpoints.ts, STRIPE_API_URL):
 *
 * - POST /v1/checkout/sessions (form-encoded, `Authorization: Bearer <secret key>`): a session for
 *   `line_items[0][price]` × `line_items[0][quantity]` of a known price, `open` and `unpaid`;
 * - GET /v1/checkout/sessions/:id: the session as it is now.
 *
 * - GET /pay/:id: the hosted Checkout page a session's `url` names (a bare page; the tests check that the browser arrives there).
 *
 * A test pays, expires or alters a session, and delivers webhook events signed as Stripe signs them:
 * header `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + '.' + payload)>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeStripePrice {
  unit_amount: number;
  currency: string;
}

export interface FakeStripeSession {
  id: string;
  object: 'checkout.session';
  client_reference_id: string | null;
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  url: string | null;
  success_url: string;
  cancel_url: string;
  allow_promotion_codes: boolean;
}

export interface DeliverOptions {
  /** Signs with this secret instead of the endpoint's. */
  secret?: string;
  /** Signs with this timestamp (unix seconds) instead of now. */
  timestamp?: number;
  /** Fields of the session as the event carries it (the API still answers the stored session). */
  object?: Partial<FakeStripeSession>;
  /** Changes the payload after signing. */
  tamper?: (payload: string) => string;
}

export interface FakeStripe {
  url: string;
  apiKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeStripeSession>;
  /** Requests to the API, as `METHOD path`. */
  requests: string[];
  /** The customer pays the session. */
  pay(sessionId: string): FakeStripeSession;
  /** Changes the stored session (what the API answers). */
  update(sessionId: string, fields: Partial<FakeStripeSession>): void;
  /** Posts an event about the session to `endpoint`; answers the HTTP status. */
  deliver(endpoint: string, type: string, sessionId: string, options?: DeliverOptions): Promise<number>;
  close(): Promise<void>;
}

export function stripeSignatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

export async function startFakeStripe(prices: Record<string, FakeStripePrice>): Promise<FakeStripe> {
  const apiKey = `sk_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const sessions = new Map<string, FakeStripeSession>();
  const requests: string[] = [];
  const sendError = (response: import('node:http').ServerResponse, status: number, message: string) =>
    response
      .writeHead(status, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    requests.push(`${request.method} ${path}`);
    // The hosted Checkout page a browser is sent to (no API key: it is Stripe's page, not its API).
    if (request.method === 'GET' && path.startsWith('/pay/')) {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body>Fake Stripe Checkout</body></html>');
      return;
    }
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      sendError(response, 401, 'Invalid API Key provided');
      return;
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const form = new URLSearchParams(await readBody(request));
      const price = prices[form.get('line_items[0][price]') ?? ''];
      const quantity = Number(form.get('line_items[0][quantity]'));
      if (!price || !Number.isInteger(quantity) || quantity < 1) {
        sendError(response, 400, 'No such price or bad quantity');
        return;
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const amount = price.unit_amount * quantity;
      const session: FakeStripeSession = {
        id,
        object: 'checkout.session',
        client_reference_id: form.get('client_reference_id'),
        amount_subtotal: amount,
        amount_total: amount,
        currency: price.currency,
        customer: null,
        customer_email: form.get('customer_email'),
        metadata: { trade_no: form.get('metadata[trade_no]') ?? '' },
        mode: form.get('mode') ?? '',
        status: 'open',
        payment_status: 'unpaid',
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/pay/${id}`,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        allow_promotion_codes: form.get('allow_promotion_codes') === 'true',
      };
      sessions.set(id, session);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session));
      return;
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const session = sessions.get(decodeURIComponent(match[1]!));
      if (!session) {
        sendError(response, 404, 'No such checkout.session');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(session));
      return;
    }
    sendError(response, 404, 'Unrecognized request URL');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const stored = (sessionId: string): FakeStripeSession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    webhookSecret,
    sessions,
    requests,
    pay(sessionId) {
      const session = stored(sessionId);
      Object.assign(session, { status: 'complete', payment_status: 'paid', customer: 'cus_test_1' });
      return session;
    },
    update(sessionId, fields) {
      Object.assign(stored(sessionId), fields);
    },
    async deliver(endpoint, type, sessionId, options = {}) {
      const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
      const event = {
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: timestamp,
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...stored(sessionId), ...options.object } },
      };
      const payload = JSON.stringify(event);
      const header = stripeSignatureHeader(payload, options.secret ?? webhookSecret, timestamp);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
        body: options.tamper ? options.tamper(payload) : payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
