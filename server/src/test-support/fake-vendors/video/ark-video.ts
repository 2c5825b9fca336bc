/**
 * A fake Volcengine Ark video-generation API (Seedance), from Ark's published API:
 * `POST /api/v3/contents/generations/tasks` with `{model, content: [{type: "text", text} | {type:
 * "image_url", image_url: {url}} …], duration?, resolution? …}` answers `{id}`;
 * `GET /api/v3/contents/generations/tasks/{id}` answers the task, each read moving it on (queued at the first read → running →
 * succeeded with `content.video_url`, or failed with `error` when the prompt says "fail"). Strict as Ark
 * is: a wrong Bearer key is 401 `AuthenticationError`; a model it does not serve is 404
 * `InvalidEndpointOrModel.NotFound`; content without a text or image item, or a duration that is not a
 * whole number of 2–12 seconds, is 400 `InvalidParameter`; errors in Ark's `{error: {code, message}}`.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_ARK_KEY = 'ark-video-key';
export const FAKE_ARK_MODELS = ['doubao-seedance-1-0-pro-250528', 'doubao-seedance-1-0-lite-i2v'];

interface FakeArkTask {
  id: string;
  model: string;
  prompt: string;
  reads: number;
  createdAt: number;
}

function arkError(response: ServerResponse, status: number, code: string, message: string) {
  sendJson(response, status, { error: { code, message, param: '', type: code } });
}

function taskObject(task: FakeArkTask): Record<string, unknown> {
  const stage = Math.min(task.reads, 2);
  const status =
    stage === 0 ? 'queued' : stage === 1 ? 'running' : task.prompt.includes('fail') ? 'failed' : 'succeeded';
  return {
    id: task.id,
    model: task.model,
    status,
    created_at: task.createdAt,
    updated_at: task.createdAt + stage,
    ...(status === 'succeeded'
      ? {
          content: { video_url: `https://ark-cdn.example/${task.id}.mp4` },
          usage: { completion_tokens: 108900, total_tokens: 108900 },
        }
      : {}),
    ...(status === 'failed'
      ? {
          error: {
            code: 'OutputVideoSensitiveContentDetected',
            message: 'the output video may contain sensitive content',
          },
        }
      : {}),
  };
}

export async function startFakeArkVideo(): Promise<FakeVendor> {
  const tasks = new Map<string, FakeArkTask>();
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${FAKE_ARK_KEY}`) {
      arkError(response, 401, 'AuthenticationError', 'the API key in the request is missing or invalid');
      return;
    }
    if (request.method === 'POST' && request.path === '/api/v3/contents/generations/tasks') {
      const { model, content, duration } = request.body;
      if (!FAKE_ARK_MODELS.includes(String(model))) {
        arkError(
          response,
          404,
          'InvalidEndpointOrModel.NotFound',
          `the model ${String(model)} does not exist`,
        );
        return;
      }
      const items = Array.isArray(content) ? (content as Record<string, unknown>[]) : [];
      const text = items.find((item) => item.type === 'text');
      if (!text && !items.some((item) => item.type === 'image_url')) {
        arkError(response, 400, 'InvalidParameter', 'content must hold a text or an image');
        return;
      }
      if (
        duration !== undefined &&
        !(Number.isInteger(duration) && Number(duration) >= 2 && Number(duration) <= 12)
      ) {
        arkError(response, 400, 'InvalidParameter', 'duration must be an integer from 2 to 12');
        return;
      }
      const task: FakeArkTask = {
        id: `cgt-${tasks.size + 1}`,
        model: String(model),
        prompt: String(text?.text ?? ''),
        reads: 0,
        createdAt: Math.floor(Date.now() / 1000),
      };
      tasks.set(task.id, task);
      sendJson(response, 200, { id: task.id });
      return;
    }
    const read = /^\/api\/v3\/contents\/generations\/tasks\/([\w-]+)$/.exec(request.path);
    const task = read ? tasks.get(read[1]!) : undefined;
    if (request.method === 'GET' && task) {
      sendJson(response, 200, taskObject(task));
      task.reads += 1;
      return;
    }
    arkError(response, 404, 'NotFound', `no route ${request.method} ${request.path}`);
  };
  return startFakeVendor(route);
}
