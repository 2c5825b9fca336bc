/**
 * A fake Epay provider: accepts the console's form post to /submit.php (checking its signature) and,
 * when told, posts the signed payment notification to the order's notify_url — or a tampered one.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { epaySignature, verifyEpaySignature } from '../api/wallet/epay.ts';

export interface FakeEpay {
  url: string;
  /** Orders submitted to /submit.php, by out_trade_no. */
  orders: Map<string, Record<string, string>>;
  /** Posts the notification of an order; overrides change fields before (or after, with `keepSign`) signing. */
  notify(
    outTradeNo: string,
    overrides?: Record<string, string>,
    options?: { keepSign?: boolean; key?: string },
  ): Promise<string>;
  close(): Promise<void>;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

export async function startFakeEpay(merchantKey: string): Promise<FakeEpay> {
  const orders = new Map<string, Record<string, string>>();
  const server = createServer(async (request, response) => {
    if (request.method === 'POST' && request.url === '/submit.php') {
      const form = await readForm(request);
      if (!verifyEpaySignature(form, merchantKey)) {
        response.writeHead(400).end('bad signature');
        return;
      }
      orders.set(form.out_trade_no ?? '', form);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>pay here</html>');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    orders,
    async notify(outTradeNo, overrides = {}, options = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`no order ${outTradeNo}`);
      const base: Record<string, string> = {
        pid: order.pid ?? '',
        trade_no: `2026${Math.floor(Math.random() * 1e9)}`,
        out_trade_no: outTradeNo,
        type: order.type ?? '',
        name: order.name ?? '',
        money: order.money ?? '',
        trade_status: 'TRADE_SUCCESS',
      };
      let params: Record<string, string>;
      if (options.keepSign) {
        params = { ...base, sign: epaySignature(base, merchantKey), sign_type: 'MD5', ...overrides };
      } else {
        const changed = { ...base, ...overrides };
        params = { ...changed, sign: epaySignature(changed, options.key ?? merchantKey), sign_type: 'MD5' };
      }
      const response = await fetch(order.notify_url ?? '', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(params).toString(),
      });
      return response.text();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
