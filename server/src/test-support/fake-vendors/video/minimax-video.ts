/**
 * A fake MiniMax video generation API (Hailuo), from MiniMax's published API: `POST /v1/video_generation`
 * (`{model, prompt, duration, resolution, first_frame_image …}`) answers `{task_id, base_resp:
 * {status_code: 0, status_msg: "success"}}`; `GET /v1/query/video_generation?task_id=…` answers the task,
 * each read moving it on (Queueing at the first read → Processing → Success with a `file_id`, or Fail when
 * the prompt says "fail"); `GET /v1/files/retrieve?file_id=…` answers `{file: {file_id, download_url …}}`.
 * Strict as MiniMax is: a wrong Bearer key answers `base_resp.status_code` 1004 (authentication failed);
 * an unknown model, or a duration or resolution the model does not take (6 or 10 s; 512P, 768P, 1080P for
 * MiniMax-Hailuo-02), answers 2013 (invalid parameters) — with HTTP 200, as MiniMax does.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_MINIMAX_VIDEO_KEY = 'minimax-video-key';
const MODELS: Readonly<Record<string, { durations: number[]; resolutions: string[] }>> = {
  'MiniMax-Hailuo-02': { durations: [6, 10], resolutions: ['512P', '768P', '1080P'] },
  'T2V-01': { durations: [6], resolutions: ['720P'] },
};

interface FakeHailuoTask {
  id: string;
  prompt: string;
  reads: number;
}

const ok = { status_code: 0, status_msg: 'success' };

function refuse(response: ServerResponse, code: number, message: string) {
  sendJson(response, 200, { base_resp: { status_code: code, status_msg: message } });
}

export async function startFakeMiniMaxVideo(): Promise<FakeVendor> {
  const tasks = new Map<string, FakeHailuoTask>();
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${FAKE_MINIMAX_VIDEO_KEY}`) {
      refuse(response, 1004, 'authentication failed');
      return;
    }
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v1/video_generation') {
      const { model, duration, resolution } = request.body;
      const config = MODELS[String(model)];
      if (!config) {
        refuse(response, 2013, `invalid params, model ${String(model)} not supported`);
        return;
      }
      if (
        !config.durations.includes(Number(duration ?? 6)) ||
        !config.resolutions.includes(String(resolution))
      ) {
        refuse(response, 2013, 'invalid params, duration or resolution not supported by the model');
        return;
      }
      const task = { id: `${300_000 + tasks.size + 1}`, prompt: String(request.body.prompt ?? ''), reads: 0 };
      tasks.set(task.id, task);
      sendJson(response, 200, { task_id: task.id, base_resp: ok });
      return;
    }
    const task = tasks.get(url.searchParams.get('task_id') ?? '');
    if (request.method === 'GET' && url.pathname === '/v1/query/video_generation' && task) {
      const stage = Math.min(task.reads, 2);
      task.reads += 1;
      const status =
        stage === 0
          ? 'Queueing'
          : stage === 1
            ? 'Processing'
            : task.prompt.includes('fail')
              ? 'Fail'
              : 'Success';
      sendJson(response, 200, {
        task_id: task.id,
        status,
        ...(status === 'Success' ? { file_id: `9${task.id}`, video_width: 1366, video_height: 768 } : {}),
        base_resp: ok,
      });
      return;
    }
    const fileId = url.searchParams.get('file_id') ?? '';
    if (request.method === 'GET' && url.pathname === '/v1/files/retrieve' && tasks.has(fileId.slice(1))) {
      sendJson(response, 200, {
        file: {
          file_id: Number(fileId),
          bytes: 5_000_000,
          created_at: Math.floor(Date.now() / 1000),
          filename: 'output.mp4',
          purpose: 'video_generation',
          download_url: `https://minimax-files.example/${fileId}.mp4`,
        },
        base_resp: ok,
      });
      return;
    }
    sendJson(response, 404, {
      base_resp: { status_code: 404, status_msg: `no route ${request.method} ${request.path}` },
    });
  };
  return startFakeVendor(route);
}
