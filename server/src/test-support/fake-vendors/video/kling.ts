/**
 * A fake Kling API (api.klingai.com), from Kling's published API: `POST /v1/videos/text2video` and
 * `/v1/videos/image2video` answer `{code: 0, message, request_id, data: {task_id, task_status:
 * "submitted", created_at, updated_at}}`; `GET /v1/videos/{text2video|image2video}/{task_id}` answers the
 * task, each read moving it on (submitted → processing → succeed with `task_result.videos[0].url`, or
 * failed with `task_status_msg` when the prompt says "fail"); the video itself is served (without a key,
 * as Kling's signed links are) at `GET /files/{task_id}.mp4`. Strict as Kling is: the bearer token must
 * be a JWT (HS256) signed with the secret key whose `iss` is the access key and that is valid now (checked
 * with `jose`), else 401 code 1000; a model it does not have, a text2video without a prompt or an
 * image2video without an image is refused 400 code 1201; a task read under the other kind is 404.
 */
import type { ServerResponse } from 'node:http';
import { jwtVerify } from 'jose';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_KLING_ACCESS_KEY = 'kling-access';
export const FAKE_KLING_SECRET_KEY = 'kling-secret-0123456789';
export const FAKE_KLING_KEY = `${FAKE_KLING_ACCESS_KEY}|${FAKE_KLING_SECRET_KEY}`;
export const FAKE_KLING_MODELS = ['kling-v1', 'kling-v1-6', 'kling-v2-master', 'kling-v2-6'];
export const FAKE_KLING_VIDEO_BYTES = Buffer.from('fake-kling-mp4');

interface FakeKlingTask {
  id: string;
  kind: 'text2video' | 'image2video';
  prompt: string;
  duration: string;
  reads: number;
  createdAt: number;
}

function taskObject(task: FakeKlingTask, base: string): Record<string, unknown> {
  const stage = Math.min(task.reads, 2);
  const fail = task.prompt.includes('fail');
  const status = stage === 0 ? 'submitted' : stage === 1 ? 'processing' : fail ? 'failed' : 'succeed';
  return {
    task_id: task.id,
    task_status: status,
    task_status_msg: status === 'failed' ? 'the content did not pass review' : '',
    created_at: task.createdAt,
    updated_at: task.createdAt + stage,
    ...(status === 'succeed'
      ? {
          task_result: {
            videos: [
              {
                id: `${task.id}-v`,
                url: `${base}/files/${task.id}.mp4`,
                duration: task.duration,
              },
            ],
          },
        }
      : {}),
  };
}

function answer(response: ServerResponse, status: number, code: number, message: string, data?: unknown) {
  sendJson(response, status, { code, message, request_id: `req-${Date.now()}`, ...(data ? { data } : {}) });
}

async function authorised(request: RecordedVendorRequest): Promise<boolean> {
  const header = String(request.headers.authorization ?? '');
  if (!header.startsWith('Bearer ')) return false;
  try {
    const { payload, protectedHeader } = await jwtVerify(
      header.slice('Bearer '.length),
      new TextEncoder().encode(FAKE_KLING_SECRET_KEY),
      { algorithms: ['HS256'], issuer: FAKE_KLING_ACCESS_KEY },
    );
    return protectedHeader.typ === 'JWT' && typeof payload.exp === 'number';
  } catch {
    return false;
  }
}

export async function startFakeKling(): Promise<FakeVendor> {
  const tasks = new Map<string, FakeKlingTask>();
  let base = '';
  const route = async (request: RecordedVendorRequest, response: ServerResponse) => {
    const file = /^\/files\/([\w-]+)\.mp4$/.exec(request.path);
    if (request.method === 'GET' && file && tasks.get(file[1]!)?.reads) {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(FAKE_KLING_VIDEO_BYTES);
      return;
    }
    if (!(await authorised(request))) {
      answer(response, 401, 1000, 'Authentication failed');
      return;
    }
    const submit = /^\/v1\/videos\/(text2video|image2video)$/.exec(request.path);
    if (request.method === 'POST' && submit) {
      const kind = submit[1] as FakeKlingTask['kind'];
      const body = request.body;
      const model = String(body.model_name ?? 'kling-v1');
      if (!FAKE_KLING_MODELS.includes(model)) {
        answer(response, 400, 1201, `model_name ${model} is invalid`);
        return;
      }
      if (kind === 'text2video' && !String(body.prompt ?? '').trim()) {
        answer(response, 400, 1201, 'prompt is required');
        return;
      }
      if (kind === 'image2video' && !body.image && !body.image_tail) {
        answer(response, 400, 1201, 'image is required');
        return;
      }
      const task: FakeKlingTask = {
        id: `kling-task-${tasks.size + 1}`,
        kind,
        prompt: String(body.prompt ?? ''),
        duration: String(body.duration ?? '5'),
        reads: 0,
        createdAt: Date.now(),
      };
      tasks.set(task.id, task);
      answer(response, 200, 0, 'SUCCEED', {
        task_id: task.id,
        task_status: 'submitted',
        created_at: task.createdAt,
        updated_at: task.createdAt,
      });
      return;
    }
    const read = /^\/v1\/videos\/(text2video|image2video)\/([\w-]+)$/.exec(request.path);
    const task = read ? tasks.get(read[2]!) : undefined;
    if (request.method === 'GET' && task && task.kind === read?.[1]) {
      task.reads += 1;
      answer(response, 200, 0, 'SUCCEED', taskObject(task, base));
      return;
    }
    answer(response, 404, 1203, `no route ${request.method} ${request.path}`);
  };
  const vendor = await startFakeVendor(route);
  base = vendor.url;
  return vendor;
}
