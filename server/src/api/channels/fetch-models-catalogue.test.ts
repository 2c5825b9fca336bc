/**
 * Fetching a channel's model list fills the model catalogue (docs/model-catalogue.md "Filled from fetched
 * model lists"): fake OpenRouter, Gemini, Anthropic and OpenAI list endpoints, each answering its own
 * wire format.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { listenOnLoopback } from '../../test-support/loopback.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

const OPENROUTER = {
  data: [
    {
      id: 'fm/or-omni',
      name: 'FM: Omni',
      created: 1715558400,
      description: 'Omni model from the router',
      context_length: 128000,
      architecture: { input_modalities: ['text', 'image'], output_modalities: ['text'] },
      top_provider: { max_completion_tokens: 16384 },
      pricing: { prompt: '0.0000025', completion: '0.00001' },
    },
    {
      id: 'fm/or-kept',
      name: 'FM: Kept',
      created: 1700000000,
      description: 'Router text that must not replace the operator’s',
      context_length: 32000,
      architecture: { input_modalities: ['text'], output_modalities: ['text'] },
      top_provider: { max_completion_tokens: 4096 },
      pricing: {},
    },
    {
      id: 'fm/or-frozen',
      name: 'FM: Frozen',
      description: 'Router text for a row kept out of syncing',
      context_length: 8000,
      architecture: {},
      pricing: {},
    },
  ],
};
const GEMINI = {
  models: [
    {
      name: 'models/fm-gemini-pro',
      displayName: 'FM Gemini Pro',
      description: 'A capable model',
      inputTokenLimit: 1048576,
      outputTokenLimit: 65536,
      supportedGenerationMethods: ['generateContent'],
    },
  ],
};
const ANTHROPIC = {
  data: [
    {
      type: 'model',
      id: 'fm-claude-sonnet',
      display_name: 'FM Claude Sonnet',
      created_at: '2025-05-22T00:00:00Z',
    },
  ],
  has_more: false,
  first_id: 'fm-claude-sonnet',
  last_id: 'fm-claude-sonnet',
};
const OPENAI = {
  object: 'list',
  data: [{ id: 'fm-openai-plain', object: 'model', created: 1715367049, owned_by: 'system' }],
};

/** The list a request asks for, by path and the vendor's own key header; 401 for anything else. */
function listFor(request: IncomingMessage): [number, unknown] {
  const path = new URL(request.url ?? '/', 'http://fake').pathname;
  const headers = request.headers;
  if (path === '/api/v1/models' && headers.authorization === 'Bearer or-key') return [200, OPENROUTER];
  if (path === '/v1beta/models' && headers['x-goog-api-key'] === 'g-key') return [200, GEMINI];
  if (path === '/v1/models' && headers['x-api-key'] === 'a-key' && headers['anthropic-version'])
    return [200, ANTHROPIC];
  if (path === '/v1/models' && headers.authorization === 'Bearer o-key') return [200, OPENAI];
  return [401, { error: { message: 'unknown key or path' } }];
}

function answer(request: IncomingMessage, response: ServerResponse): void {
  const [status, body] = listFor(request);
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function startFakeLists(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(answer);
  const url = await listenOnLoopback(server);
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface FetchReply {
  success: boolean;
  message: string;
  data: string[];
  described: number;
}

describe.each(matrix)('fetched model lists fill the catalogue on $name', (dialect) => {
  const lists = setUpResource(startFakeLists, dialect);
  const { server, root, run } = setUpSite({ dialect });

  const fetchModels = async (type: number, base: string, key: string, language = 'en') => {
    const reply = await root
      .withHeaders({ 'Accept-Language': language })
      .post('/api/channel/fetch_models', { type, base_url: base, key });
    return reply.body as unknown as FetchReply;
  };
  const row = (name: string) =>
    server.context.database.db
      .selectFrom('models')
      .selectAll()
      .where('model_name', '=', name)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();

  run(
    'OpenRouter: creates rows, fills only what the operator left empty, leaves unsynced rows alone',
    async () => {
      const kept = await root.post('/api/models/', {
        model_name: 'fm/or-kept',
        description: 'Operator text',
      });
      expect(kept.body.success).toBe(true);
      const frozen = await root.post('/api/models/', { model_name: 'fm/or-frozen', sync_official: 0 });
      expect(frozen.body.success).toBe(true);

      const reply = await fetchModels(20, `${lists.url}/api`, 'or-key');
      expect(reply).toEqual({
        success: true,
        message: '2 models described in the model catalogue from the upstream list',
        data: ['fm/or-frozen', 'fm/or-kept', 'fm/or-omni'],
        described: 2,
      });
      expect(await row('fm/or-omni')).toMatchObject({
        description: 'Omni model from the router',
        context_length: 128000,
        max_output_tokens: 16384,
        input_modalities: 'text,image',
        output_modalities: 'text',
        release_date: '2024-05-13',
        status: 1,
        name_rule: 0,
      });
      expect(await row('fm/or-kept')).toMatchObject({
        description: 'Operator text',
        context_length: 32000,
        max_output_tokens: 4096,
      });
      expect(await row('fm/or-frozen')).toMatchObject({ description: '', context_length: 0 });

      // Again: everything is described already; nothing changes and the message is empty.
      const again = await fetchModels(20, `${lists.url}/api`, 'or-key', 'zh-CN');
      expect(again).toMatchObject({ success: true, message: '', described: 0 });
      const models = await root.get<{ items: { model_name: string }[] }>('/api/models/search', {
        keyword: 'fm/or',
      });
      expect(models.body.data!.items.map((item) => item.model_name).sort()).toEqual([
        'fm/or-frozen',
        'fm/or-kept',
        'fm/or-omni',
      ]);
    },
  );

  run('Gemini: names without models/, token limits and the description', async () => {
    const reply = await fetchModels(24, lists.url, 'g-key', 'zh-CN');
    expect(reply).toMatchObject({
      success: true,
      message: '已根据上游列表为模型目录补充 1 个模型的信息',
      data: ['fm-gemini-pro'],
      described: 1,
    });
    expect(await row('fm-gemini-pro')).toMatchObject({
      description: 'A capable model',
      context_length: 1048576,
      max_output_tokens: 65536,
    });
  });

  run('Anthropic: the display name and the release date', async () => {
    const reply = await fetchModels(14, lists.url, 'a-key');
    expect(reply).toMatchObject({ success: true, data: ['fm-claude-sonnet'], described: 1 });
    expect(await row('fm-claude-sonnet')).toMatchObject({
      description: 'FM Claude Sonnet',
      release_date: '2025-05-22',
    });
  });

  run('OpenAI: lists the models and describes none', async () => {
    const reply = await fetchModels(1, lists.url, 'o-key');
    expect(reply).toEqual({ success: true, message: '', data: ['fm-openai-plain'], described: 0 });
    expect(await row('fm-openai-plain')).toBeUndefined();
  });

  run('a saved channel describes its models too (GET /api/channel/fetch_models/:id)', async () => {
    const created = await root.post('/api/channel/', {
      mode: 'single',
      channel: {
        type: 14,
        name: 'fm-anthropic',
        key: 'a-key',
        base_url: lists.url,
        models: 'fm-claude-sonnet',
        group: 'default',
      },
    });
    expect(created.body.success, created.body.message).toBe(true);
    const channels = await root.get<{ items: { id: number; name: string }[] }>('/api/channel/search', {
      keyword: 'fm-anthropic',
    });
    const id = channels.body.data!.items.find((item) => item.name === 'fm-anthropic')!.id;
    await server.context.database.db
      .deleteFrom('models')
      .where('model_name', '=', 'fm-claude-sonnet')
      .execute();
    const reply = (await root.get(`/api/channel/fetch_models/${id}`)).body as unknown as FetchReply;
    expect(reply).toMatchObject({ success: true, data: ['fm-claude-sonnet'], described: 1 });
    expect(await row('fm-claude-sonnet')).toMatchObject({ description: 'FM Claude Sonnet' });
  });
});
