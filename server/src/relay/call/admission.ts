/**
 * The admission of a relay call (docs/decisions/0010-relay-admission-and-usage-bounds.md), the same for
 * every route that relays through the pipeline: what costs nothing or a bounded amount comes first — the
 * key (checked before the body was read), the body's shape (server/src/relay/http/json-body.ts), the model
 * allowed, the request's limits (server/src/relay/call/request-limits.ts), its price and the caller's floor
 * (server/src/relay/call/call-pricing.ts priceCall) — and only then what grows with the body, each step in a
 * turn of its own when the body is large: decoding (which validates it), the sensitive-word check, the rate
 * limit; the pipeline then counts the prompt and reserves the quota.
 */
import type { AppContext } from '../../context.ts';
import { requestText } from '../canonical/metering.ts';
import { relayError } from '../http/errors.ts';
import type { RelayReply, RelayRequest } from '../http/http-types.ts';
import { admitModel } from '../routing/auto-group.ts';
import { priceCall } from './call-pricing.ts';
import { isLargeBody, yieldToEventLoop } from './large-body.ts';
import { runRelay } from './pipeline.ts';
import type { RelayCall } from './relay-call.ts';
import { checkConversationLimits, checkEndpointLimits } from './request-limits.ts';
import { findSensitiveWord, promptCheckEnabled } from './sensitive.ts';

/**
 * The sensitive-word check of the prompt (read only when the check is on). The traffic limits — new-api's
 * model request rate limit among them — are admitted once the prompt is counted (./call-limits.ts).
 */
export function admitPrompt(context: AppContext, promptText?: () => string): void {
  if (promptText && promptCheckEnabled(context.options)) {
    const word = findSensitiveWord(promptText(), context.options.get('SensitiveWords'));
    if (word)
      throw relayError(400, 'sensitive_words_detected', `the prompt contains a sensitive word: ${word}`);
  }
}

/**
 * Admits a call in the order above and relays it. `promptText` is the text the sensitive-word check reads
 * (a conversation's is read from its decoded form when not given).
 */
export async function admitAndRelay(
  context: AppContext,
  request: RelayRequest,
  reply: RelayReply,
  call: RelayCall,
  promptText?: () => string,
): Promise<void> {
  const { caller, conversation } = call;
  admitModel(context, caller, call.model);
  if (conversation) checkConversationLimits(conversation.format, conversation.body);
  else checkEndpointLimits(call.endpoint, call.body);
  const price = priceCall(context, call);
  const large = isLargeBody(request);
  if (conversation) {
    if (large) await yieldToEventLoop();
    // Decoding validates the body: a malformed request is refused before anything is reserved.
    const decoded = conversation.canonical();
    promptText ??= () => requestText(decoded);
  }
  if (large && promptText && promptCheckEnabled(context.options)) await yieldToEventLoop();
  admitPrompt(context, promptText);
  await runRelay(context, request, reply, call, price);
}
