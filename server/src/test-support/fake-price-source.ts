/**
 * A fake price source for the price sync's tests: serves, from the test's own data, the replies of
 * another new-api gateway (GET /api/pricing and GET /api/ratio_config), OpenRouter (GET /api/v1/models,
 * prices as decimal text in USD per token) and models.dev (GET /api.json, USD per 1M tokens), in the
 * shapes those services publish. Imports nothing from the relay.
 */
import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback.ts';

export interface GatewayPricingItem {
  model_name: string;
  quota_type: 0 | 1;
  model_ratio: number;
  model_price: number;
  completion_ratio: number;
  enable_groups: string[];
}

export interface OpenRouterModel {
  id: string;
  name?: string;
  context_length?: number;
  pricing: { prompt: string; completion: string; input_cache_read?: string };
}

export interface ModelsDevProvider {
  id: string;
  name: string;
  models: Record<
    string,
    {
      id: string;
      name: string;
      cost?: { input?: number; output?: number; cache_read?: number };
      limit?: { context: number; output: number };
    }
  >;
}

export interface FakePriceSourceData {
  pricing?: GatewayPricingItem[];
  ratioConfig?: Record<string, Record<string, number>>;
  openRouter?: OpenRouterModel[];
  modelsDev?: Record<string, ModelsDevProvider>;
}

export interface FakePriceSource {
  url: string;
  data: FakePriceSourceData;
  /** Paths requested, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFakePriceSource(data: FakePriceSourceData = {}): Promise<FakePriceSource> {
  const requests: string[] = [];
  const source = { data } as FakePriceSource;
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    requests.push(path);
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const current = source.data;
    if (request.method !== 'GET') return send(405, { error: 'method not allowed' });
    if (path === '/api/pricing' && current.pricing)
      return send(200, { success: true, message: '', data: current.pricing, group_ratio: { default: 1 } });
    if (path === '/api/ratio_config' && current.ratioConfig)
      return send(200, { success: true, message: '', data: current.ratioConfig });
    if (path === '/api/v1/models' && current.openRouter) return send(200, { data: current.openRouter });
    if (path === '/api.json' && current.modelsDev) return send(200, current.modelsDev);
    return send(404, { success: false, message: 'not found' });
  });
  source.url = await listenOnLoopback(server);
  source.requests = requests;
  source.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return source;
}
