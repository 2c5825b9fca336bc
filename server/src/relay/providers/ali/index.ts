/**
 * Alibaba DashScope (channel type 17): chat and embeddings through the OpenAI-compatible mode
 * (providers/openai-compatible), rerank and image generation through the native APIs (./native.ts). An
 * image request is a task: submitted, then polled (every half second at first, backing off to 5 s) until
 * it succeeds or fails, within the relay timeout; the client gets OpenAI's image reply at the end.
 */
import { jsonResponse, type UpstreamResponse } from '../../../lib/http-client.ts';
import { baseUrl, jsonPost } from '../json-request.ts';
import { openAiCompatibleAdaptor } from '../openai-compatible/index.ts';
import { fetchImageBase64, jobFailure, PollSchedule, readJson } from '../polling.ts';
import type { BuildRequestInput, ProviderAdaptor, TransportInput, UpstreamRequest } from '../types.ts';
import {
  dashScopeError,
  IMAGE_SYNTHESIS_PATH,
  imageTaskBody,
  RERANK_PATH,
  rerankBody,
  rerankReply,
  taskState,
} from './native.ts';

export const DASHSCOPE_DEFAULT_BASE_URL = 'https://dashscope.aliyuncs.com';
const FIRST_POLL_MS = 500;
const LONGEST_POLL_MS = 5_000;

/** Image task requests whose client asked for `b64_json` (the task gives URLs; the images are fetched). */
const wantsBase64 = new WeakSet<UpstreamRequest>();

function base(channelBase: string): string {
  return baseUrl(channelBase, DASHSCOPE_DEFAULT_BASE_URL);
}

function nativeRequest(
  channel: { key: string },
  url: string,
  body: Record<string, unknown>,
): UpstreamRequest {
  return jsonPost(url, body, false, { authorization: `Bearer ${channel.key}` });
}

/** Submits an image task and waits for it; the answer is OpenAI's image reply, or a failure. */
async function runImageTask(input: TransportInput): Promise<UpstreamResponse> {
  const { upstream, timeouts, signal, proxyUrl } = input;
  const submitted = await upstream.send(input.request, timeouts, signal, proxyUrl);
  if (submitted.statusCode >= 300) return submitted;
  const submitReply = await readJson(submitted);
  const taskId = (submitReply as { output?: { task_id?: unknown } })?.output?.task_id;
  if (typeof taskId !== 'string' || taskId === '')
    return jobFailure(
      502,
      dashScopeError(submitReply) ?? 'the image task was not accepted',
      'bad_upstream_reply',
    );
  const schedule = new PollSchedule(input, LONGEST_POLL_MS, FIRST_POLL_MS);
  const poll: UpstreamRequest = {
    url: `${base(input.channel.baseUrl)}/api/v1/tasks/${encodeURIComponent(taskId)}`,
    method: 'GET',
    headers: { accept: 'application/json', authorization: `Bearer ${input.channel.key}` },
  };
  for (;;) {
    if (!(await schedule.next(signal)))
      return jobFailure(
        504,
        `the image task ${taskId} did not finish within ${schedule.boundMs / 1000} s`,
        'task_timeout',
      );
    const polled = await upstream.send(poll, timeouts, signal, proxyUrl);
    if (polled.statusCode >= 500) {
      await polled.body.dump().catch(() => undefined);
      continue;
    }
    const reply = await readJson(polled);
    if (polled.statusCode >= 300)
      return jobFailure(
        polled.statusCode,
        dashScopeError(reply) ?? 'the image task could not be read',
        'task_failed',
      );
    const state = taskState(reply);
    if (state.state === 'failed') return jobFailure(502, state.message, 'task_failed');
    if (state.state === 'succeeded') {
      const created = Math.floor(Date.now() / 1000);
      const data = wantsBase64.has(input.request)
        ? await Promise.all(state.urls.map(async (url) => ({ b64_json: await fetchImageBase64(input, url) })))
        : state.urls.map((url) => ({ url }));
      return jsonResponse(200, JSON.stringify({ created, data }));
    }
  }
}

export const aliAdaptor: ProviderAdaptor = {
  ...openAiCompatibleAdaptor,
  name: 'alibaba',

  buildRequest(input: BuildRequestInput): UpstreamRequest | null {
    const { channel, endpoint, body, upstreamModel } = input;
    if (endpoint === 'rerank')
      return nativeRequest(
        channel,
        `${base(channel.baseUrl)}${RERANK_PATH}`,
        rerankBody(body, upstreamModel),
      );
    if (endpoint === 'images') {
      const request = nativeRequest(
        channel,
        `${base(channel.baseUrl)}${IMAGE_SYNTHESIS_PATH}`,
        imageTaskBody(body, upstreamModel),
      );
      request.headers['x-dashscope-async'] = 'enable';
      if (body.response_format === 'b64_json') wantsBase64.add(request);
      return request;
    }
    return openAiCompatibleAdaptor.buildRequest(input);
  },

  transport(input: TransportInput): Promise<UpstreamResponse> {
    if (input.endpoint === 'images') return runImageTask(input);
    return input.upstream.send(input.request, input.timeouts, input.signal, input.proxyUrl);
  },

  convertReply(endpoint, body, model) {
    return endpoint === 'rerank' ? rerankReply(body, model) : body;
  },
};
