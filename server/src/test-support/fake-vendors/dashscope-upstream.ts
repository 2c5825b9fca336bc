/**
 * A fake Alibaba DashScope with its native APIs: text rerank, and image synthesis as an asynchronous task
 * (refused without `X-DashScope-Async: enable`, as the real service refuses synchronous calls), polled at
 * /api/v1/tasks/<id>: RUNNING on the first poll, then SUCCEEDED with image URLs served by the fake itself —
 * or FAILED (DataInspectionFailed) when the prompt contains "forbidden". Every call needs the Bearer key.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_DASHSCOPE_KEY = 'sk-dashscope-fake';
export const FAKE_RERANK_TOKENS = 42;
export const FAKE_IMAGE_BYTES = Buffer.from('89504e470d0a1a0a-fake-png', 'utf8');

export interface FakeDashScope extends FakeVendor {
  /** Polls served per task id. */
  readonly polls: Map<string, number>;
}

export async function startFakeDashScope(): Promise<FakeDashScope> {
  const polls = new Map<string, number>();
  const tasks = new Map<string, { n: number; fail: boolean }>();
  let origin = '';
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.path.startsWith('/images/')) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(FAKE_IMAGE_BYTES);
      return;
    }
    if (request.headers.authorization !== `Bearer ${FAKE_DASHSCOPE_KEY}`) {
      sendJson(response, 401, {
        code: 'InvalidApiKey',
        message: 'Invalid API-key provided.',
        request_id: 'r0',
      });
      return;
    }
    if (request.method === 'POST' && request.path === '/api/v1/services/rerank/text-rerank/text-rerank') {
      const input = request.body.input as { query: string; documents: string[] };
      const parameters = request.body.parameters as { top_n?: number; return_documents?: boolean };
      const scored = input.documents
        .map((text, index) => ({ index, relevance_score: text.includes(input.query) ? 0.9 : 0.1, text }))
        .sort((a, b) => b.relevance_score - a.relevance_score)
        .slice(0, parameters.top_n ?? input.documents.length);
      sendJson(response, 200, {
        output: {
          results: scored.map(({ index, relevance_score, text }) => ({
            index,
            relevance_score,
            ...(parameters.return_documents ? { document: { text } } : {}),
          })),
        },
        usage: { total_tokens: FAKE_RERANK_TOKENS },
        request_id: 'rerank-1',
      });
      return;
    }
    if (request.method === 'POST' && request.path === '/api/v1/services/aigc/text2image/image-synthesis') {
      if (request.headers['x-dashscope-async'] !== 'enable') {
        sendJson(response, 403, {
          code: 'AccessDenied',
          message: 'current user api does not support synchronous calls',
        });
        return;
      }
      const id = `task-${tasks.size + 1}`;
      const input = request.body.input as { prompt: string };
      const parameters = request.body.parameters as { n?: number };
      tasks.set(id, { n: parameters.n ?? 1, fail: input.prompt.includes('forbidden') });
      sendJson(response, 200, {
        output: { task_id: id, task_status: 'PENDING' },
        request_id: `submit-${id}`,
      });
      return;
    }
    const poll = /^\/api\/v1\/tasks\/([\w-]+)$/.exec(request.path);
    const task = poll ? tasks.get(poll[1]!) : undefined;
    if (request.method === 'GET' && poll && task) {
      const id = poll[1]!;
      const count = (polls.get(id) ?? 0) + 1;
      polls.set(id, count);
      if (count === 1) {
        sendJson(response, 200, {
          output: { task_id: id, task_status: 'RUNNING' },
          request_id: `poll-${count}`,
        });
      } else if (task.fail) {
        sendJson(response, 200, {
          output: {
            task_id: id,
            task_status: 'FAILED',
            code: 'DataInspectionFailed',
            message: 'Input data may contain inappropriate content.',
          },
          request_id: `poll-${count}`,
        });
      } else {
        const results = Array.from({ length: task.n }, (_, index) => ({
          url: `${origin}/images/${id}/${index}.png`,
        }));
        sendJson(response, 200, {
          output: {
            task_id: id,
            task_status: 'SUCCEEDED',
            results,
            task_metrics: { TOTAL: task.n, SUCCEEDED: task.n, FAILED: 0 },
          },
          usage: { image_count: task.n },
          request_id: `poll-${count}`,
        });
      }
      return;
    }
    sendJson(response, 404, { code: 'NotFound', message: `no route ${request.method} ${request.path}` });
  };
  const vendor = await startFakeVendor(route);
  origin = vendor.url;
  return Object.assign(vendor, { polls });
}
