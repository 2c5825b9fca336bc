/**
 * The provider adaptor interface: an adaptor turns a relay call into the upstream's request. Conversation
 * calls reach an upstream in one of the formats it speaks natively (`formats`); the pipeline converts the
 * client's format to it through the canonical model when they differ (server/src/relay/canonical/).
 */

import type {
  UpstreamClient,
  UpstreamRequest,
  UpstreamResponse,
  UpstreamTimeouts,
} from '../../lib/http-client.ts';

export type { UpstreamRequest };

import type { ChannelEndpoint } from '../../../../common/channel-type-facts.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { ProviderSettings } from '../call/upstream-settings.ts';
import type { UpstreamCodec, UpstreamFormat, WireFormat } from '../canonical/codec.ts';

/**
 * OpenAI endpoints: conversations ('chat', in any format), and the others the OpenAI routes serve — the
 * routes a channel type may serve (common/channel-type-facts.ts).
 */
export type RelayEndpoint = ChannelEndpoint;

export interface BuildRequestInput {
  channel: CachedChannel;
  endpoint: RelayEndpoint;
  /** The client body after model mapping, system prompt and param override. */
  body: Record<string, unknown>;
  /** The upstream model name (after the channel's model mapping). */
  upstreamModel: string;
  stream: boolean;
  /** The format of `body` for conversation calls (endpoint 'chat'); openai-chat when absent. */
  format?: UpstreamFormat;
  /** Client headers an upstream of the same vendor honours (anthropic-version, anthropic-beta). */
  clientHeaders?: Readonly<Record<string, string>>;
  /** The operator's vendor settings (server/src/relay/call/upstream-settings.ts); defaults when absent. */
  settings?: ProviderSettings;
}

/** What an adaptor's authorize step may use: the channel and the upstream client (address policy, proxy). */
export interface AuthorizeInput {
  channel: CachedChannel;
  request: UpstreamRequest;
  upstream: Pick<UpstreamClient, 'requestJson'>;
  proxyUrl?: string;
}

/** What an adaptor's own transport gets: the built request and the bounds of an HTTP send. */
export interface TransportInput {
  channel: CachedChannel;
  endpoint: RelayEndpoint;
  request: UpstreamRequest;
  stream: boolean;
  upstream: Pick<UpstreamClient, 'checkUrl' | 'webSocketOptions' | 'send'>;
  timeouts: UpstreamTimeouts;
  signal: AbortSignal;
  /** The channel's proxy, if it names one. */
  proxyUrl?: string;
}

export interface ProviderAdaptor {
  readonly name: string;
  /** Conversation formats the upstream speaks natively, preferred first (unused when `dialect` is set). */
  readonly formats: readonly WireFormat[];
  /**
   * The provider's own chat dialect (Baidu, Zhipu v3, Hunyuan …): every conversation call reaches it encoded
   * in this codec, through the canonical model, whatever the client's format.
   */
  readonly dialect?: UpstreamCodec;
  /**
   * Sends a built request by other means than one HTTP exchange (iFlytek Spark's WebSocket); its answer is
   * read as an HTTP response would be (a stream as SSE of the dialect, a JSON body otherwise).
   */
  transport?(input: TransportInput): Promise<UpstreamResponse>;
  /** The formats for one model, when they depend on it (Vertex AI: Claude models speak Claude). */
  formatsFor?(model: string): readonly WireFormat[];
  /**
   * Adds credentials that need a network exchange (an OAuth token, cached) to a built request; throws
   * when they cannot be had.
   */
  authorize?(input: AuthorizeInput): Promise<void>;
  /**
   * A non-conversation JSON reply in the provider's own shape, as OpenAI's (Gemini embeddings); throws
   * on a body that is not one.
   */
  convertReply?(
    endpoint: RelayEndpoint,
    body: unknown,
    model: string,
    request: Record<string, unknown>,
  ): unknown;
  /** Streams that arrive in another framing (AWS event streams), rewritten as SSE of the adaptor's format. */
  readonly streamFraming?: {
    contentType: string;
    toSse(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array>;
  };
  /** Drops credentials cached for a channel (an access token) after the upstream refused them (401). */
  forgetCredentials?(channel: CachedChannel): void;
  /** Why a key cannot be one of this provider's (refused when a channel is saved), or null. */
  keyProblem?(key: string): string | null;
  /** Why a channel's `other` field cannot serve this provider (refused when saved), or null. */
  otherProblem?(other: string): string | null;
  /** Whether the upstream honours stream_options.include_usage (otherwise usage is counted). */
  supportsStreamUsage(channel: CachedChannel): boolean;
  /** Null when the channel cannot serve this endpoint (e.g. embeddings-only providers). */
  buildRequest(input: BuildRequestInput): UpstreamRequest | null;
}
