/**
 * A fake Jimeng (Volcengine visual API, visual.volcengineapi.com), from Volcengine's published API:
 * `POST /?Action=CVSync2AsyncSubmitTask&Version=2022-08-31` (`{req_key, prompt, frames, image_urls |
 * binary_data_base64, seed, aspect_ratio}`) answers `{code: 10000, data: {task_id}}`;
 * `POST /?Action=CVSync2AsyncGetResult&Version=2022-08-31` (`{req_key, task_id}`) answers the task, each read
 * moving it on (in_queue at the first read → generating → done with `data.video_url`; a prompt saying
 * "fail" ends in code 50413, the risk check's refusal). Strict as Volcengine is: every request must carry
 * a valid HMAC-SHA256 signature (Volcengine's published algorithm, recomputed here with the secret key:
 * canonical request over method, path, sorted query, the signed headers and the body hash; scope
 * `<date>/cn-north-1/cv/request`) dated within 15 minutes, else 401 `SignatureDoesNotMatch` in
 * Volcengine's `ResponseMetadata.Error`; an unknown req_key, a `frames` other than 121 or 241, or a task
 * read under another req_key is 400 code 50400.
 */
import { createHash, createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_JIMENG_ACCESS_KEY = 'AKLTjimengaccess';
export const FAKE_JIMENG_SECRET_KEY = 'jimeng-secret==';
export const FAKE_JIMENG_KEY = `${FAKE_JIMENG_ACCESS_KEY}|${FAKE_JIMENG_SECRET_KEY}`;
const REQ_KEYS = ['jimeng_vgfm_t2v_l20', 'jimeng_vgfm_i2v_l20', 'jimeng_t2v_v30', 'jimeng_i2v_first_v30'];

interface FakeJimengTask {
  id: string;
  reqKey: string;
  prompt: string;
  reads: number;
}

const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const mac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** Whether the request's signature is Volcengine's, made with the fake's secret key, and fresh. */
function signedCorrectly(request: RecordedVendorRequest): boolean {
  const authorization = String(request.headers.authorization ?? '');
  const match =
    /^HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/cn-north-1\/cv\/request, SignedHeaders=([\w;-]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  const dateTime = String(request.headers['x-date'] ?? '');
  if (!match || match[1] !== FAKE_JIMENG_ACCESS_KEY || !dateTime.startsWith(match[2]!)) return false;
  const iso = dateTime.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z');
  if (Math.abs(Date.parse(iso) - Date.now()) > 15 * 60_000) return false;
  if (request.headers['x-content-sha256'] !== hex(request.raw)) return false;
  const url = new URL(request.path, 'http://fake');
  const query = [...url.searchParams.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  const names = match[3]!.split(';');
  const headerLines = names.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('');
  const canonical = ['POST', url.pathname, query, headerLines, match[3], hex(request.raw)].join('\n');
  const scope = `${match[2]}/cn-north-1/cv/request`;
  const toSign = ['HMAC-SHA256', dateTime, scope, hex(canonical)].join('\n');
  const key = mac(mac(mac(mac(FAKE_JIMENG_SECRET_KEY, match[2]!), 'cn-north-1'), 'cv'), 'request');
  return names.includes('host') && createHmac('sha256', key).update(toSign).digest('hex') === match[4];
}

function business(
  response: ServerResponse,
  status: number,
  code: number,
  message: string,
  data: unknown = null,
) {
  sendJson(response, status, {
    code,
    message,
    request_id: `req-${Date.now()}`,
    status: code,
    data,
    time_elapsed: '12ms',
  });
}

function result(task: FakeJimengTask, response: ServerResponse): void {
  const stage = Math.min(task.reads, 2);
  task.reads += 1;
  if (stage === 2 && task.prompt.includes('fail')) {
    business(response, 200, 50413, 'Post Text Risk Not Pass');
    return;
  }
  const status = stage === 0 ? 'in_queue' : stage === 1 ? 'generating' : 'done';
  business(response, 200, 10000, 'Success', {
    status,
    video_url: status === 'done' ? `https://jimeng-cdn.example/${task.id}.mp4` : '',
  });
}

export async function startFakeJimeng(): Promise<FakeVendor> {
  const tasks = new Map<string, FakeJimengTask>();
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (!signedCorrectly(request)) {
      sendJson(response, 401, {
        ResponseMetadata: {
          Action: '',
          Version: '',
          Error: { Code: 'SignatureDoesNotMatch', Message: 'the request signature does not match' },
        },
      });
      return;
    }
    const url = new URL(request.path, 'http://fake');
    const action = url.searchParams.get('Action');
    if (
      request.method !== 'POST' ||
      url.pathname !== '/' ||
      url.searchParams.get('Version') !== '2022-08-31'
    ) {
      business(response, 404, 50404, `no route ${request.method} ${request.path}`);
      return;
    }
    const body = request.body;
    const reqKey = String(body.req_key ?? '');
    if (!REQ_KEYS.includes(reqKey)) {
      business(response, 400, 50400, `Invalid Parameter: req_key ${reqKey}`);
      return;
    }
    if (action === 'CVSync2AsyncSubmitTask') {
      if (body.frames !== undefined && body.frames !== 121 && body.frames !== 241) {
        business(response, 400, 50400, 'Invalid Parameter: frames must be 121 or 241');
        return;
      }
      const task = {
        id: `${7_000_000 + tasks.size + 1}`,
        reqKey,
        prompt: String(body.prompt ?? ''),
        reads: 0,
      };
      tasks.set(task.id, task);
      business(response, 200, 10000, 'Success', { task_id: task.id });
      return;
    }
    const task = tasks.get(String(body.task_id ?? ''));
    if (action === 'CVSync2AsyncGetResult' && task && task.reqKey === reqKey) {
      result(task, response);
      return;
    }
    business(response, 400, 50400, 'Invalid Parameter: no such task for this req_key');
  };
  return startFakeVendor(route);
}
