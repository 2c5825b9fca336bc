/**
 * A fake Midjourney-Proxy (the midjourney-proxy project's REST API), written from its documented shapes:
 * submissions answer `{code, description, result, properties}` (1 submitted, 22 queued when the prompt
 * says "queue", 24 refused when it says "banned"), and every task runs a small state machine driven by
 * the reads of it (`/mj/task/list-by-condition`, `/mj/task/{id}/fetch`): SUBMITTED → IN_PROGRESS at 50% →
 * SUCCESS with an image this fake serves, or FAILURE when the prompt says "fail". The `mj-api-secret`
 * header must carry the channel key. Mode prefixes (`/mj-fast/mj/…`) are accepted and recorded.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_MJ_SECRET = 'mj-secret';
/** A real 1×1 PNG, so a browser can show it. */
export const FAKE_MJ_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

interface FakeTask {
  id: string;
  hook: string;
  action: string;
  prompt: string;
  reads: number;
  fail: boolean;
  submitTime: number;
}

export interface FakeMidjourney extends FakeVendor {
  readonly tasks: Map<string, FakeTask>;
  /** Moves a task one step on and posts it to the notifyHook it was submitted with; the hook's status. */
  notify(id: string): Promise<number>;
}

function taskObject(task: FakeTask, origin: string): Record<string, unknown> {
  const stage = task.reads === 0 ? 0 : task.reads === 1 ? 1 : 2;
  const done = stage === 2;
  const status = stage === 0 ? 'SUBMITTED' : done ? (task.fail ? 'FAILURE' : 'SUCCESS') : 'IN_PROGRESS';
  return {
    id: task.id,
    action: task.action,
    prompt: task.prompt,
    promptEn: task.prompt.replace('猫', 'cat'),
    description: '/imagine',
    state: '',
    submitTime: task.submitTime,
    startTime: stage > 0 ? task.submitTime + 1000 : 0,
    finishTime: done ? task.submitTime + 30_000 : 0,
    imageUrl: done && !task.fail ? `${origin}/attachments/${task.id}.png` : '',
    status,
    progress: stage === 0 ? '0%' : done ? '100%' : '50%',
    failReason: done && task.fail ? 'Job failed: banned prompt detected' : '',
    buttons:
      done && !task.fail
        ? [{ customId: `MJ::JOB::upsample::1::${task.id}`, label: 'U1', type: 2, style: 2 }]
        : [],
    properties: { finalPrompt: task.prompt },
  };
}

export async function startFakeMidjourney(): Promise<FakeMidjourney> {
  const tasks = new Map<string, FakeTask>();
  let origin = '';
  let counter = 0;
  const submit = (response: ServerResponse, action: string, prompt: string, hook = '') => {
    if (prompt.includes('banned')) {
      sendJson(response, 200, {
        code: 24,
        description: '可能包含敏感词',
        result: null,
        properties: { bannedWord: 'banned' },
      });
      return;
    }
    counter += 1;
    const id = `17000000000000${String(counter).padStart(2, '0')}`;
    tasks.set(id, {
      id,
      hook,
      action,
      prompt,
      reads: 0,
      fail: prompt.includes('fail'),
      submitTime: Date.now(),
    });
    const queued = prompt.includes('queue');
    sendJson(response, 200, {
      code: queued ? 22 : 1,
      description: queued ? '排队中，前面还有1个任务' : '提交成功',
      result: id,
      properties: { discordInstanceId: 'fake-instance' },
    });
  };
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    const path = request.path.replace(/^\/mj-(fast|turbo|relax)(?=\/mj\/)/, '');
    if (request.method === 'GET' && /^\/attachments\/\w+\.png$/.test(path)) {
      response.writeHead(200, { 'content-type': 'image/png' });
      response.end(FAKE_MJ_IMAGE);
      return;
    }
    if (request.headers['mj-api-secret'] !== FAKE_MJ_SECRET) {
      sendJson(response, 401, { code: 401, description: 'invalid mj-api-secret' });
      return;
    }
    const body = request.body as Record<string, unknown>;
    switch (path) {
      case '/mj/submit/imagine':
        return submit(response, 'IMAGINE', String(body.prompt ?? ''), String(body.notifyHook ?? ''));
      case '/mj/submit/change': {
        const parent = tasks.get(String(body.taskId));
        if (!parent)
          return sendJson(response, 200, { code: 3, description: '关联任务不存在或已失效', result: null });
        return submit(response, String(body.action), parent.prompt);
      }
      case '/mj/submit/action':
        return submit(response, 'UPSCALE', tasks.get(String(body.taskId))?.prompt ?? '');
      case '/mj/submit/describe':
        return submit(response, 'DESCRIBE', '');
      case '/mj/submit/upload-discord-images':
        return sendJson(response, 200, {
          code: 1,
          description: '成功',
          result: [`${origin}/attachments/upload.png`],
        });
      case '/mj/task/list-by-condition': {
        const ids = Array.isArray(body.ids) ? body.ids.map(String) : [];
        const found = ids.map((id) => tasks.get(id)).filter((task): task is FakeTask => task !== undefined);
        for (const task of found) task.reads += 1;
        return sendJson(
          response,
          200,
          found.map((task) => taskObject(task, origin)),
        );
      }
      default: {
        const seed = /^\/mj\/task\/(\w+)\/image-seed$/.exec(path);
        if (seed && tasks.has(seed[1]!))
          return sendJson(response, 200, { code: 1, description: '成功', result: '1234567' });
        return sendJson(response, 404, {
          code: 404,
          description: `no route ${request.method} ${request.path}`,
        });
      }
    }
  };
  const vendor = await startFakeVendor(route);
  origin = vendor.url;
  const notify = async (id: string) => {
    const task = tasks.get(id);
    if (!task?.hook) throw new Error(`task ${id} has no notifyHook`);
    task.reads += 1;
    const response = await fetch(task.hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(taskObject(task, origin)),
    });
    await response.arrayBuffer();
    return response.status;
  };
  return Object.assign(vendor, { tasks, notify });
}
