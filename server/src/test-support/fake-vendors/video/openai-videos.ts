/**
 * A fake OpenAI video API (`/v1/videos`, what OpenAI and Sora channels serve), from OpenAI's published API:
 * a multipart create answered with a queued video object; each read of `GET /v1/videos/{id}` moves it on
 * (queued → in_progress at 50 → completed, or failed with an error when the prompt says "fail");
 * `GET /v1/videos/{id}/content` serves an MP4 once completed; `POST /v1/videos/{id}/remix` (`{prompt}`)
 * makes a new video from a completed one (its seconds and size, `remixed_from_video_id` set; 400 while the
 * source is not completed, 404 for an unknown one). Bearer key checked. A create whose prompt says "refuse" is refused as OpenAI's moderation refuses one (400
 * `moderation_blocked`); a test may make creates fail with an HTTP status (an overloaded or broken API:
 * 500, 503, 429, 504 …), answered in OpenAI's error shape.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from '../http.ts';

export const FAKE_VIDEO_KEY = 'video-key';
export const FAKE_VIDEO_BYTES = Buffer.from('fake-mp4-bytes');

interface FakeVideo {
  id: string;
  model: string;
  prompt: string;
  seconds: string;
  size: string;
  reads: number;
  createdAt: number;
  remixedFrom: string | null;
}

function videoObject(video: FakeVideo): Record<string, unknown> {
  const stage = Math.min(video.reads, 2);
  const fail = video.prompt.includes('fail');
  const status = stage === 0 ? 'queued' : stage === 1 ? 'in_progress' : fail ? 'failed' : 'completed';
  return {
    id: video.id,
    object: 'video',
    model: video.model,
    status,
    progress: stage === 0 ? 0 : stage === 1 ? 50 : 100,
    created_at: video.createdAt,
    completed_at: status === 'completed' ? video.createdAt + 90 : null,
    expires_at: null,
    prompt: video.prompt,
    seconds: video.seconds,
    size: video.size,
    remixed_from_video_id: video.remixedFrom,
    error: status === 'failed' ? { code: 'moderation_blocked', message: 'the prompt was blocked' } : null,
  };
}

export interface FakeVideos extends FakeVendor {
  /** While set, every create answers this HTTP status (null: creates work again). */
  failCreates(status: number | null): void;
}

/** OpenAI's error body for a failing status (429: its rate limit; others: a server error). */
function failureBody(status: number): Record<string, unknown> {
  return status === 429
    ? { error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }
    : { error: { message: 'The server had an error processing your request', type: 'server_error' } };
}

export async function startFakeVideos(): Promise<FakeVideos> {
  const videos = new Map<string, FakeVideo>();
  let failingStatus: number | null = null;
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${FAKE_VIDEO_KEY}`) {
      sendJson(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
      return;
    }
    if (request.method === 'POST' && request.path === '/v1/videos' && failingStatus !== null) {
      sendJson(response, failingStatus, failureBody(failingStatus));
      return;
    }
    if (
      request.method === 'POST' &&
      request.path === '/v1/videos' &&
      String(request.body.prompt).includes('refuse')
    ) {
      sendJson(response, 400, {
        error: {
          message: 'Your request was blocked by our moderation system.',
          type: 'invalid_request_error',
          param: null,
          code: 'moderation_blocked',
        },
      });
      return;
    }
    const remix = /^\/v1\/videos\/(\w+)\/remix$/.exec(request.path);
    if (request.method === 'POST' && remix) {
      const source = videos.get(remix[1]!);
      if (!source) {
        sendJson(response, 404, {
          error: { message: `Video ${remix[1]} not found`, type: 'invalid_request_error' },
        });
        return;
      }
      if (videoObject(source).status !== 'completed' || !String(request.body.prompt ?? '').trim()) {
        sendJson(response, 400, {
          error: {
            message: 'Only completed videos can be remixed, with a prompt',
            type: 'invalid_request_error',
          },
        });
        return;
      }
      const id = `video_${videos.size + 1}`;
      const video = {
        ...source,
        id,
        prompt: String(request.body.prompt),
        reads: 0,
        createdAt: Math.floor(Date.now() / 1000),
        remixedFrom: source.id,
      };
      videos.set(id, video);
      sendJson(response, 200, videoObject(video));
      return;
    }
    if (request.method === 'POST' && request.path === '/v1/videos') {
      const id = `video_${videos.size + 1}`;
      const video = {
        id,
        model: String(request.body.model),
        prompt: String(request.body.prompt ?? ''),
        seconds: String(request.body.seconds ?? '4'),
        size: String(request.body.size ?? '720x1280'),
        reads: 0,
        createdAt: Math.floor(Date.now() / 1000),
        remixedFrom: null,
      };
      videos.set(id, video);
      sendJson(response, 200, videoObject(video));
      return;
    }
    const read = /^\/v1\/videos\/(\w+)(\/content)?$/.exec(request.path.split('?')[0] ?? '');
    const video = read ? videos.get(read[1]!) : undefined;
    if (request.method === 'GET' && video && read?.[2]) {
      if (videoObject(video).status !== 'completed') {
        sendJson(response, 400, { error: { message: 'video is not ready' } });
        return;
      }
      response.writeHead(200, { 'content-type': 'video/mp4' });
      response.end(FAKE_VIDEO_BYTES);
      return;
    }
    if (request.method === 'GET' && video) {
      video.reads += 1;
      sendJson(response, 200, videoObject(video));
      return;
    }
    sendJson(response, 404, { error: { message: `no route ${request.method} ${request.path}` } });
  };
  const vendor = await startFakeVendor(route);
  return Object.assign(vendor, {
    failCreates: (status: number | null) => {
      failingStatus = status;
    },
  });
}
