/**
 * A fake Suno API (the `/suno/*` task API new-api's Suno channels speak): Bearer key checked; submissions
 * answer `{code: "success", data: <task id>}` (a prompt saying "refuse" gets a 400 `{code, message}`); each
 * task runs a state machine driven by the reads of `/suno/fetch`: SUBMITTED → IN_PROGRESS at 50% →
 * SUCCESS with clips (or lyrics), or FAILURE when the prompt says "fail". A test may make submissions
 * fail with an HTTP status (an overloaded or broken service: 500, 503, 429, 504 …), answered in the API's
 * error shape.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

export const FAKE_SUNO_KEY = 'suno-key';

interface FakeSunoTask {
  id: string;
  action: 'MUSIC' | 'LYRICS';
  prompt: string;
  reads: number;
  submitTime: number;
}

function taskObject(task: FakeSunoTask): Record<string, unknown> {
  const stage = Math.min(task.reads, 2);
  const fail = task.prompt.includes('fail');
  const done = stage === 2;
  const result =
    task.action === 'LYRICS'
      ? { title: 'Song', text: `[Verse]\n${task.prompt}` }
      : [
          {
            id: `${task.id}-clip-1`,
            audio_url: `https://cdn.example/${task.id}.mp3`,
            title: 'Song',
            status: 'complete',
          },
        ];
  return {
    task_id: task.id,
    action: task.action,
    status: stage === 0 ? 'SUBMITTED' : done ? (fail ? 'FAILURE' : 'SUCCESS') : 'IN_PROGRESS',
    fail_reason: done && fail ? 'generation failed: content policy' : '',
    submit_time: task.submitTime,
    start_time: stage > 0 ? task.submitTime + 1 : 0,
    finish_time: done ? task.submitTime + 60 : 0,
    progress: stage === 0 ? '0%' : done ? '100%' : '50%',
    data: done && !fail ? result : null,
  };
}

export interface FakeSuno extends FakeVendor {
  /** While set, every submission answers this HTTP status (null: submissions work again). */
  failSubmissions(status: number | null): void;
}

export async function startFakeSuno(): Promise<FakeSuno> {
  const tasks = new Map<string, FakeSunoTask>();
  let failingStatus: number | null = null;
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${FAKE_SUNO_KEY}`) {
      sendJson(response, 401, { code: 'unauthorized', message: 'invalid key', data: null });
      return;
    }
    const submit = /^\/suno\/submit\/(music|lyrics)$/.exec(request.path);
    if (request.method === 'POST' && submit && failingStatus !== null) {
      sendJson(response, failingStatus, { code: 'error', message: 'the service is busy', data: null });
      return;
    }
    if (request.method === 'POST' && submit) {
      const prompt = String(request.body.prompt ?? request.body.gpt_description_prompt ?? '');
      if (prompt.includes('refuse')) {
        sendJson(response, 400, { code: 'prompt_rejected', message: 'the prompt was rejected', data: null });
        return;
      }
      const id = `suno-task-${tasks.size + 1}`;
      const action = submit[1] === 'music' ? 'MUSIC' : 'LYRICS';
      tasks.set(id, { id, action, prompt, reads: 0, submitTime: Math.floor(Date.now() / 1000) });
      sendJson(response, 200, { code: 'success', message: '', data: id });
      return;
    }
    if (request.method === 'POST' && request.path === '/suno/fetch') {
      const ids = Array.isArray(request.body.ids) ? request.body.ids.map(String) : [];
      const found = ids.map((id) => tasks.get(id)).filter((task): task is FakeSunoTask => task !== undefined);
      for (const task of found) task.reads += 1;
      sendJson(response, 200, { code: 'success', message: '', data: found.map(taskObject) });
      return;
    }
    sendJson(response, 404, { code: 'not_found', message: `no route ${request.path}`, data: null });
  };
  const vendor = await startFakeVendor(route);
  return Object.assign(vendor, {
    failSubmissions: (status: number | null) => {
      failingStatus = status;
    },
  });
}
