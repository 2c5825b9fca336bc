/**
 * A fake Midjourney-Proxy (the midjourney-proxy project's REST API), written from its documented shapes:
 * submissions answer `{code, description, result, properties}` (1 submitted, 22 queued when the prompt
 * says "queue", 24 refused when it says "banned", 3 when the parent task of an action is unknown, 21 with
 * the existing task's id for an upscale through change or simple-change that was asked for before), task
 * ids are the proxy's own time-based ones (milliseconds and a few digits), and a task keeps the
 * `notifyHook` it was submitted with in its properties, as the proxy does. Every task runs a small state
 * machine driven by the poller's reads of it (`/mj/task/list-by-condition`): SUBMITTED → IN_PROGRESS at
 * 50% → SUCCESS with an image this fake serves, or FAILURE when the prompt says "fail". A test may also
 * take a task in hand: keep it running whatever the reads, finish it or fail it. When a task finishes the
 * proxy calls its notifyHook back, POSTing the task JSON, as Midjourney-Proxy does. `/mj/task/{id}/fetch`
 * reads a task without moving it on. The `mj-api-secret` header must carry the channel key. Mode prefixes
 * (`/mj-fast/mj/…`) are accepted and recorded. The proxy can be made unreachable (connections dropped),
 * and its submissions can be made to fail with an HTTP status (an overloaded or broken proxy, or the
 * server in front of it: 500, 502, 429, 504 …) in its `{code, description}` shape.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_MJ_SECRET = 'mj-secret';
/** A real 1×1 PNG, so a browser can show it. */
export const FAKE_MJ_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface FakeTask {
  id: string;
  hook: string;
  action: string;
  prompt: string;
  /** The `/up <parent> U1` text of an action, `/imagine …` of an imagine. */
  description: string;
  /** The task an action works on (the proxy's `relatedTaskId` property). */
  parentId: string | null;
  /** Discord's hash of the result message: buttons and the image name carry it. */
  messageHash: string;
  reads: number;
  fail: boolean;
  submitTime: number;
  /** Set by the test: the task stays IN_PROGRESS whatever the reads. */
  held: boolean;
  /** Set by the test: the task's final state, whatever the reads. */
  outcome: 'SUCCESS' | 'FAILURE' | null;
  /** The callback of its end was sent. */
  calledBack: boolean;
}

/** One callback this proxy made: where to, what it posted, and the hook's HTTP status (0: unreachable). */
export interface FakeCallback {
  hook: string;
  task: Record<string, unknown>;
  status: number;
}

export interface FakeMidjourney extends FakeVendor {
  readonly tasks: Map<string, FakeTask>;
  readonly callbacks: FakeCallback[];
  /** The task submitted last. */
  lastTask(): FakeTask;
  /** Keeps a task IN_PROGRESS, whatever the reads, until it is finished or failed. */
  keepRunning(id: string): void;
  /** Finishes a task with SUCCESS and calls its hook back; the hook's status (null: the task has no hook). */
  finish(id: string): Promise<number | null>;
  /** Fails a task and calls its hook back; the hook's status (null: the task has no hook). */
  fail(id: string): Promise<number | null>;
  /** While false, every connection is dropped before an answer (the proxy cannot be reached). */
  setReachable(reachable: boolean): void;
  /** While set, every submission (`/mj/submit/*`) answers this HTTP status (null: they work again). */
  failSubmissions(status: number | null): void;
}

const FAIL_REASON = 'Job failed: banned prompt detected';

function statusOf(task: FakeTask): 'SUBMITTED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE' {
  if (task.outcome) return task.outcome;
  if (task.held) return 'IN_PROGRESS';
  if (task.reads === 0) return 'SUBMITTED';
  if (task.reads === 1) return 'IN_PROGRESS';
  return task.fail ? 'FAILURE' : 'SUCCESS';
}

function taskObject(task: FakeTask, origin: string): Record<string, unknown> {
  const status = statusOf(task);
  const done = status === 'SUCCESS' || status === 'FAILURE';
  const succeeded = status === 'SUCCESS';
  return {
    id: task.id,
    action: task.action,
    prompt: task.prompt,
    promptEn: task.prompt.replace('猫', 'cat'),
    description: task.description,
    state: '',
    submitTime: task.submitTime,
    startTime: status === 'SUBMITTED' ? 0 : task.submitTime + 1000,
    finishTime: done ? task.submitTime + 30_000 : 0,
    imageUrl: succeeded ? `${origin}/attachments/${task.messageHash}.png` : '',
    status,
    progress: status === 'SUBMITTED' ? '0%' : done ? '100%' : '50%',
    failReason: status === 'FAILURE' ? FAIL_REASON : '',
    buttons: succeeded
      ? [{ customId: `MJ::JOB::upsample::1::${task.messageHash}`, label: 'U1', type: 2, style: 2 }]
      : [],
    properties: {
      finalPrompt: task.prompt,
      notifyHook: task.hook,
      ...(task.parentId ? { relatedTaskId: task.parentId } : {}),
    },
  };
}

export async function startFakeMidjourney(): Promise<FakeMidjourney> {
  const tasks = new Map<string, FakeTask>();
  const callbacks: FakeCallback[] = [];
  let origin = '';
  let counter = 0;
  let reachable = true;
  let failingStatus: number | null = null;

  /** POSTs the task to its hook, as the proxy notifies a task change. */
  const callBack = async (task: FakeTask): Promise<number | null> => {
    if (!task.hook) return null;
    const body = taskObject(task, origin);
    let status = 0;
    try {
      const response = await fetch(task.hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      status = 0;
    }
    callbacks.push({ hook: task.hook, task: body, status });
    return status;
  };
  /** Calls back a task that has just reached its end (once). */
  const callBackIfDone = (task: FakeTask) => {
    const status = statusOf(task);
    if (task.calledBack || (status !== 'SUCCESS' && status !== 'FAILURE')) return null;
    task.calledBack = true;
    return callBack(task);
  };

  const submit = (
    response: ServerResponse,
    input: { action: string; prompt: string; hook: unknown; description: string; parentId?: string },
  ) => {
    if (input.prompt.includes('banned')) {
      sendJson(response, 200, {
        code: 24,
        description: '可能包含敏感词',
        result: null,
        properties: { bannedWord: 'banned' },
      });
      return;
    }
    counter += 1;
    // Midjourney-Proxy's ids: the submission's milliseconds and three more digits.
    const id = `${Date.now()}${String(counter % 1000).padStart(3, '0')}`;
    tasks.set(id, {
      id,
      hook: typeof input.hook === 'string' ? input.hook : '',
      action: input.action,
      prompt: input.prompt,
      description: input.description,
      parentId: input.parentId ?? null,
      messageHash: randomBytes(8).toString('hex'),
      reads: 0,
      fail: input.prompt.includes('fail'),
      submitTime: Date.now(),
      held: false,
      outcome: null,
      calledBack: false,
    });
    const queued = input.prompt.includes('queue');
    sendJson(response, 200, {
      code: queued ? 22 : 1,
      description: queued ? '排队中，前面还有1个任务' : '提交成功',
      result: id,
      properties: { discordInstanceId: 'fake-instance' },
    });
  };
  const unknownParent = (response: ServerResponse) =>
    sendJson(response, 200, { code: 3, description: '关联任务不存在或已失效', result: null });
  /**
   * An action on a parent task: refused when the proxy does not know the parent; through change and
   * simple-change, an upscale asked for before answers the existing task (code 21).
   */
  const act = (
    response: ServerResponse,
    parentId: string,
    action: string,
    label: string,
    hook: unknown,
    existingUpscale = false,
  ) => {
    const parent = tasks.get(parentId);
    if (!parent) return unknownParent(response);
    const description = `/up ${parent.id} ${label}`;
    const existing = [...tasks.values()].find((task) => task.description === description);
    if (existingUpscale && action === 'UPSCALE' && existing)
      return sendJson(response, 200, {
        code: 21,
        description: '任务已存在',
        result: existing.id,
        properties: { status: statusOf(existing) },
      });
    submit(response, {
      action,
      prompt: parent.prompt,
      hook,
      description,
      parentId: parent.id,
    });
  };

  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (!reachable) {
      response.socket?.destroy();
      return;
    }
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
    if (failingStatus !== null && path.startsWith('/mj/submit/')) {
      sendJson(response, failingStatus, { code: failingStatus, description: 'the proxy is busy' });
      return;
    }
    const body = request.body as Record<string, unknown>;
    const hook = body.notifyHook;
    switch (path) {
      case '/mj/submit/imagine': {
        const prompt = String(body.prompt ?? '');
        return submit(response, { action: 'IMAGINE', prompt, hook, description: `/imagine ${prompt}` });
      }
      case '/mj/submit/change': {
        const action = String(body.action);
        const label = action === 'REROLL' ? 'R' : `${action[0]}${String(body.index ?? '')}`;
        return act(response, String(body.taskId), action, label, hook, true);
      }
      case '/mj/submit/simple-change': {
        const match = /^(\S+)\s+([UV][1-4]|R)$/i.exec(String(body.content ?? '').trim());
        if (!match)
          return sendJson(response, 200, { code: 4, description: 'content 参数错误', result: null });
        const label = match[2]!.toUpperCase();
        const action = label[0] === 'U' ? 'UPSCALE' : label[0] === 'V' ? 'VARIATION' : 'REROLL';
        return act(response, match[1]!, action, label, hook, true);
      }
      case '/mj/submit/action':
        return act(response, String(body.taskId), 'UPSCALE', 'U1', hook);
      case '/mj/submit/modal': {
        const parent = tasks.get(String(body.taskId));
        if (!parent) return unknownParent(response);
        const prompt = String(body.prompt ?? parent.prompt);
        return submit(response, { action: 'ZOOM', prompt, hook, description: prompt, parentId: parent.id });
      }
      case '/mj/submit/describe':
        return submit(response, { action: 'DESCRIBE', prompt: '', hook, description: '/describe' });
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
        sendJson(
          response,
          200,
          found.map((task) => taskObject(task, origin)),
        );
        // The proxy tells a finished task's hook, whoever noticed the end first.
        for (const task of found) void callBackIfDone(task);
        return;
      }
      default: {
        const fetched = /^\/mj\/task\/(\w+)\/fetch$/.exec(path);
        if (fetched && request.method === 'GET') {
          const task = tasks.get(fetched[1]!);
          // The proxy answers an unknown id with an empty (null) task.
          return sendJson(response, 200, task ? taskObject(task, origin) : null);
        }
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
  const taskOf = (id: string) => {
    const task = tasks.get(id);
    if (!task) throw new Error(`the fake Midjourney-Proxy has no task ${id}`);
    return task;
  };
  const end = (id: string, outcome: 'SUCCESS' | 'FAILURE') => {
    const task = taskOf(id);
    task.outcome = outcome;
    task.calledBack = true;
    return callBack(task);
  };
  return Object.assign(vendor, {
    tasks,
    callbacks,
    lastTask: () => {
      const task = [...tasks.values()].at(-1);
      if (!task) throw new Error('the fake Midjourney-Proxy has no task yet');
      return task;
    },
    keepRunning: (id: string) => {
      taskOf(id).held = true;
    },
    finish: (id: string) => end(id, 'SUCCESS'),
    fail: (id: string) => end(id, 'FAILURE'),
    setReachable: (value: boolean) => {
      reachable = value;
    },
    failSubmissions: (status: number | null) => {
      failingStatus = status;
    },
  });
}
