/**
 * A fake Creem API written from Creem's published API reference (checkouts, webhooks):
 *
 * - POST /v1/checkouts (JSON, `x-api-key`): a `pending` checkout of a known product with the caller's
 *   `request_id`, answering its `id` and `checkout_url`;
 * - GET /v1/checkouts?checkout_id=…: the checkout as it is now (with its order once paid).
 *
 * A test pays or alters a checkout and delivers `checkout.completed` signed as Creem signs webhooks:
 * header `creem-signature: <hex HMAC-SHA256(webhook secret, raw body)>`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeCreemProduct {
  /** Price in cents. */
  price: number;
  currency: string;
}

export interface FakeCreemOrder {
  id: string;
  object: 'order';
  customer: string;
  product: string;
  amount: number;
  sub_total: number;
  tax_amount: number;
  amount_due: number;
  amount_paid: number;
  currency: string;
  status: string;
  type: string;
  mode: string;
}

export interface FakeCreemCheckout {
  id: string;
  object: 'checkout';
  request_id: string;
  product: string;
  units: number;
  status: 'pending' | 'completed' | 'expired';
  checkout_url: string;
  mode: string;
  metadata: Record<string, string>;
  customer?: { id: string; object: 'customer'; email: string; name: string };
  order?: FakeCreemOrder;
}

export interface FakeCreem {
  url: string;
  apiKey: string;
  webhookSecret: string;
  checkouts: Map<string, FakeCreemCheckout>;
  pay(checkoutId: string): FakeCreemCheckout;
  update(checkoutId: string, change: (checkout: FakeCreemCheckout) => void): void;
  /** Posts checkout.completed to `endpoint`; answers the HTTP status. */
  deliver(
    endpoint: string,
    checkoutId: string,
    options?: { secret?: string; object?: Partial<FakeCreemCheckout> },
  ): Promise<number>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

export async function startFakeCreem(products: Record<string, FakeCreemProduct>): Promise<FakeCreem> {
  const apiKey = `creem_test_${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
  const checkouts = new Map<string, FakeCreemCheckout>();
  const send = (response: import('node:http').ServerResponse, status: number, body: unknown) =>
    response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  const server = createServer(async (request, response) => {
    const address = new URL(request.url ?? '/', 'http://fake');
    if (request.headers['x-api-key'] !== apiKey) {
      send(response, 403, { message: 'Forbidden' });
      return;
    }
    if (request.method === 'POST' && address.pathname === '/v1/checkouts') {
      const body = JSON.parse(await readBody(request)) as {
        product_id?: string;
        request_id?: string;
        metadata?: Record<string, string>;
      };
      if (!body.product_id || !products[body.product_id]) {
        send(response, 404, { message: 'Product not found' });
        return;
      }
      const id = `ch_${randomBytes(10).toString('hex')}`;
      const checkout: FakeCreemCheckout = {
        id,
        object: 'checkout',
        request_id: body.request_id ?? '',
        product: body.product_id,
        units: 1,
        status: 'pending',
        checkout_url: `https://checkout.creem.test/${id}`,
        mode: 'test',
        metadata: body.metadata ?? {},
      };
      checkouts.set(id, checkout);
      send(response, 200, checkout);
      return;
    }
    if (request.method === 'GET' && address.pathname === '/v1/checkouts') {
      const checkout = checkouts.get(address.searchParams.get('checkout_id') ?? '');
      if (!checkout) send(response, 404, { message: 'Checkout not found' });
      else send(response, 200, checkout);
      return;
    }
    send(response, 404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stored = (checkoutId: string): FakeCreemCheckout => {
    const checkout = checkouts.get(checkoutId);
    if (!checkout) throw new Error(`no checkout ${checkoutId}`);
    return checkout;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    webhookSecret,
    checkouts,
    pay(checkoutId) {
      const checkout = stored(checkoutId);
      const product = products[checkout.product]!;
      checkout.status = 'completed';
      checkout.customer = { id: 'cust_1', object: 'customer', email: 'payer@example.test', name: 'Payer' };
      checkout.order = {
        id: `ord_${randomBytes(8).toString('hex')}`,
        object: 'order',
        customer: 'cust_1',
        product: checkout.product,
        amount: product.price,
        sub_total: product.price,
        tax_amount: 0,
        amount_due: product.price,
        amount_paid: product.price,
        currency: product.currency,
        status: 'paid',
        type: 'onetime',
        mode: 'test',
      };
      return checkout;
    },
    update(checkoutId, change) {
      change(stored(checkoutId));
    },
    async deliver(endpoint, checkoutId, options = {}) {
      const event = {
        id: `evt_${randomBytes(8).toString('hex')}`,
        eventType: 'checkout.completed',
        created_at: Date.now(),
        object: { ...stored(checkoutId), ...options.object },
      };
      const payload = JSON.stringify(event);
      const signature = createHmac('sha256', options.secret ?? webhookSecret)
        .update(payload)
        .digest('hex');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'creem-signature': signature },
        body: payload,
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
