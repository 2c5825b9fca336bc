/**
 * What differs per format pair and endpoint when a reply is read whole (not streamed): a reader chosen once
 * per call (./deliver-reply.ts readerFor) that turns the upstream's 2xx body into the client's reply, sends
 * it, and says how the call ended. Conversations between two formats, or in one format other than OpenAI
 * Chat Completions, go through the canonical model (./conversation-reply.ts); OpenAI endpoints passed
 * through are endpoint modules (./endpoints/).
 */
import type { UpstreamResponse } from '../../lib/http-client.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { abortedEnding, type CallState, type Ending, sendFailure } from '../call/call-state.ts';
import type { UpstreamFormat } from '../canonical/codec.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { ProviderAdaptor } from '../providers/types.ts';

export interface ReplyInput {
  channel: CachedChannel;
  adaptor: ProviderAdaptor | undefined;
  upstreamModel: string;
  /** The format the upstream was spoken to in. */
  target: UpstreamFormat;
  response: UpstreamResponse;
  /** Told the id of a Responses reply passed through (previous_response_id: routing/response-owners.ts). */
  onReplyId?: (id: string) => void;
}

export interface ReplyReader {
  /** Sends the client its reply made of the upstream's whole 2xx body, or the failure that body is. */
  send(reply: RelayReply, state: CallState, input: ReplyInput, body: Buffer, contentType: string): Ending;
  /**
   * Delivers a reply that is not read whole (speech audio goes out as it arrives); null when this reply is
   * to be read whole after all.
   */
  deliverUnread?(
    reply: RelayReply,
    state: CallState,
    input: ReplyInput,
    contentType: string,
  ): Promise<Ending | null>;
}

/** A 2xx body that cannot be the client's reply: the client gets a 502, nothing is billed. */
export function unreadableReply(
  reply: RelayReply,
  state: CallState,
  input: ReplyInput,
  message: string,
  code: string,
): Ending {
  sendFailure(reply, state, { status: 502, message, code });
  return { ...abortedEnding(input.channel, input.upstreamModel), outcome: 'upstream_failed_before_output' };
}
