/**
 * A fake DashScope video synthesis API (Alibaba Cloud Model Studio, Wan), from Alibaba's published API:
 * `POST /api/v1/services/aigc/video-generation/video-synthesis` (`{model, input: {prompt, img_url …},
 * parameters: {resolution, duration …}}`) answers `{output: {task_id, task_status: "PENDING"},
 * request_id}`; `GET /api/v1/tasks/{task_id}` answers the task, each read moving it on (PENDING at the
 * first read → RUNNING → SUCCEEDED with `output.video_url`, or FAILED with `output.code`/`message` when the
 * prompt says "fail"). Strict as DashScope is: a wrong Bearer key is 401 `InvalidApiKey`; a submission
 * without `X-DashScope-Async: enable` is 403 `AccessDenied` (video synthesis is asynchronous only); an
 * unknown model, no prompt for text to video, or a duration outside 3–10 s is 400 `InvalidParameter`.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_DASHSCOPE_VIDEO_KEY = 'sk-dashscope-video';
const MODELS = ['wan2.2-t2v-plus', 'wan2.2-i2v-plus', 'wan2.5-t2v-preview'];

interface FakeWanTask {
  id: string;
  prompt: string;
  reads: number;
}

function refuse(response: ServerResponse, status: number, code: string, message: string) {
  sendJson(response, status, { code, message, request_id: `req-${Date.now()}` });
}

function taskObject(task: FakeWanTask): Record<string, unknown> {
  const stage = Math.min(task.reads, 2);
  const failed = stage === 2 && task.prompt.includes('fail');
  const status = stage === 0 ? 'PENDING' : stage === 1 ? 'RUNNING' : failed ? 'FAILED' : 'SUCCEEDED';
  return {
    request_id: `req-${task.id}-${task.reads}`,
    output: {
      task_id: task.id,
      task_status: status,
      ...(status === 'SUCCEEDED' ? { video_url: `https://dashscope-result.example/${task.id}.mp4` } : {}),
      ...(failed
        ? { code: 'DataInspectionFailed', message: 'Output data may contain inappropriate content.' }
        : {}),
    },
    ...(status === 'SUCCEEDED' ? { usage: { duration: 5, video_count: 1 } } : {}),
  };
}

export async function startFakeDashScopeVideo(): Promise<FakeVendor> {
  const tasks = new Map<string, FakeWanTask>();
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${FAKE_DASHSCOPE_VIDEO_KEY}`) {
      refuse(response, 401, 'InvalidApiKey', 'Invalid API-key provided.');
      return;
    }
    if (
      request.method === 'POST' &&
      request.path === '/api/v1/services/aigc/video-generation/video-synthesis'
    ) {
      if (request.headers['x-dashscope-async'] !== 'enable') {
        refuse(response, 403, 'AccessDenied', 'current user api does not support synchronous calls');
        return;
      }
      const input = (request.body.input ?? {}) as Record<string, unknown>;
      const parameters = (request.body.parameters ?? {}) as Record<string, unknown>;
      const model = String(request.body.model);
      if (!MODELS.includes(model)) {
        refuse(response, 400, 'InvalidParameter', `Model not exist: ${model}`);
        return;
      }
      if (model.includes('t2v') && !String(input.prompt ?? '').trim()) {
        refuse(response, 400, 'InvalidParameter', 'input.prompt is required');
        return;
      }
      const duration = Number(parameters.duration ?? 5);
      if (!(duration >= 3 && duration <= 10)) {
        refuse(response, 400, 'InvalidParameter', 'parameters.duration must be between 3 and 10');
        return;
      }
      const task = { id: `wan-${tasks.size + 1}`, prompt: String(input.prompt ?? ''), reads: 0 };
      tasks.set(task.id, task);
      sendJson(response, 200, {
        output: { task_id: task.id, task_status: 'PENDING' },
        request_id: `req-${task.id}`,
      });
      return;
    }
    const read = /^\/api\/v1\/tasks\/([\w-]+)$/.exec(request.path);
    const task = read ? tasks.get(read[1]!) : undefined;
    if (request.method === 'GET' && task) {
      sendJson(response, 200, taskObject(task));
      task.reads += 1;
      return;
    }
    refuse(response, 404, 'NotFound', `no route ${request.method} ${request.path}`);
  };
  return startFakeVendor(route);
}
