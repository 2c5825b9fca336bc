/**
 * OpenAI-type channels whose upstream has no Responses API (an OpenAI-compatible server behind type 1
 * answers 404 or 405 to `/v1/responses`): remembered for an hour, during which Responses calls reach them
 * through Chat Completions (server/src/relay/call/relay-call.ts). Per process; a restart simply asks again.
 */

const REMEMBER_MS = 60 * 60_000;
const withoutResponses = new Map<number, number>();

/**
 * Whether an answer from `/v1/responses` means the upstream does not serve the Responses API: 405, or a
 * 404 that is not about the model (OpenAI answers an unknown model with 404 model_not_found).
 */
export function lacksResponsesRoute(status: number, body: string): boolean {
  return status === 405 || (status === 404 && !/model/i.test(body));
}

export function markLacksResponsesApi(channelId: number, now = Date.now()): void {
  withoutResponses.set(channelId, now + REMEMBER_MS);
}

export function lacksResponsesApi(channelId: number, now = Date.now()): boolean {
  const until = withoutResponses.get(channelId);
  if (until === undefined) return false;
  if (until > now) return true;
  withoutResponses.delete(channelId);
  return false;
}
