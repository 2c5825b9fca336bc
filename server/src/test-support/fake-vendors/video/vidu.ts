/**
 * A fake Vidu API (api.vidu.cn), from Vidu's published API: `POST /ent/v2/text2video` (a prompt),
 * `/img2video` (one image), `/start-end2video` (two images) and `/reference2video` answer `{task_id,
 * state: "created", model, …}`; `GET /ent/v2/tasks/{id}/creations` answers `{state, err_code, credits,
 * creations}`, each read moving the task on (created at the first read → processing → success with
 * `creations[0].url`, or failed with an `err_code` when the prompt says "fail"). Strict as Vidu is: the key
 * must come as `Authorization: Token <key>` (else 401); a model it does not have, a text2video without a
 * prompt, or a wrong number of images for the route is 400, in Vidu's `{code, reason, message}`.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_VIDU_KEY = 'vidu-key';
const MODELS = ['viduq1', 'vidu2.0', 'vidu1.5'];
const IMAGE_COUNTS: Readonly<Record<string, (count: number) => boolean>> = {
  text2video: (count) => count === 0,
  img2video: (count) => count === 1,
  'start-end2video': (count) => count === 2,
  reference2video: (count) => count >= 1 && count <= 7,
};

interface FakeViduTask {
  id: string;
  prompt: string;
  reads: number;
}

function refuse(response: ServerResponse, status: number, message: string) {
  sendJson(response, status, {
    code: status,
    reason: status === 401 ? 'Unauthorized' : 'BadRequest',
    message,
  });
}

function creations(task: FakeViduTask): Record<string, unknown> {
  const stage = Math.min(task.reads, 2);
  const state =
    stage === 0
      ? 'created'
      : stage === 1
        ? 'processing'
        : task.prompt.includes('fail')
          ? 'failed'
          : 'success';
  return {
    id: task.id,
    state,
    err_code: state === 'failed' ? 'AuditSubmitIllegal' : '',
    credits: state === 'success' ? 4 : 0,
    payload: '',
    creations:
      state === 'success'
        ? [{ id: `${task.id}-c`, url: `https://vidu-cdn.example/${task.id}.mp4`, cover_url: '' }]
        : [],
  };
}

export async function startFakeVidu(): Promise<FakeVendor> {
  const tasks = new Map<string, FakeViduTask>();
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Token ${FAKE_VIDU_KEY}`) {
      refuse(response, 401, 'invalid api key');
      return;
    }
    const submit = /^\/ent\/v2\/(text2video|img2video|start-end2video|reference2video)$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      const body = request.body;
      const images = Array.isArray(body.images) ? body.images : [];
      if (!MODELS.includes(String(body.model))) {
        refuse(response, 400, `model ${String(body.model)} is not supported`);
        return;
      }
      if (!IMAGE_COUNTS[submit[1]!]!(images.length)) {
        refuse(response, 400, `${submit[1]} does not take ${images.length} images`);
        return;
      }
      if (submit[1] === 'text2video' && !String(body.prompt ?? '').trim()) {
        refuse(response, 400, 'prompt is required');
        return;
      }
      const task = { id: `${800000 + tasks.size + 1}`, prompt: String(body.prompt ?? ''), reads: 0 };
      tasks.set(task.id, task);
      sendJson(response, 200, {
        ...body,
        task_id: task.id,
        state: 'created',
        created_at: new Date().toISOString(),
      });
      return;
    }
    const read = /^\/ent\/v2\/tasks\/(\d+)\/creations$/.exec(request.path);
    const task = read ? tasks.get(read[1]!) : undefined;
    if (request.method === 'GET' && task) {
      sendJson(response, 200, creations(task));
      task.reads += 1;
      return;
    }
    refuse(response, 404, `no route ${request.method} ${request.path}`);
  };
  return startFakeVendor(route);
}
