/**
 * The provider adaptor interface: an adaptor turns a relay call into the upstream's request. Conversation
 * calls reach an upstream in one of the formats it speaks natively (`formats`); the pipeline converts the
 * client's format to it through the canonical model when they differ (server/src/relay/canonical/).
 */

import type { UpstreamClient, UpstreamRequest } from '../../lib/http-client.ts';

export type { UpstreamRequest };

import type { CachedChannel } from '../cache/channel-cache.ts';
import type { WireFormat } from '../canonical/codec.ts';
import type { ProviderSettings } from '../upstream-settings.ts';

/** OpenAI endpoints: conversations ('chat', in any format), and the others the OpenAI routes serve. */
export type RelayEndpoint =
  | 'chat'
  | 'completions'
  | 'embeddings'
  | 'moderations'
  | 'images'
  | 'speech'
  | 'rerank'
  | 'transcriptions'
  | 'translations'
  | 'image-edits'
  | 'image-variations';

export interface BuildRequestInput {
  channel: CachedChannel;
  endpoint: RelayEndpoint;
  /** The client body after model mapping, system prompt and param override. */
  body: Record<string, unknown>;
  /** The upstream model name (after the channel's model mapping). */
  upstreamModel: string;
  stream: boolean;
  /** The format of `body` for conversation calls (endpoint 'chat'); openai-chat when absent. */
  format?: WireFormat;
  /** Client headers an upstream of the same vendor honours (anthropic-version, anthropic-beta). */
  clientHeaders?: Readonly<Record<string, string>>;
  /** The operator's vendor settings (server/src/relay/upstream-settings.ts); defaults when absent. */
  settings?: ProviderSettings;
}

/** What an adaptor's authorize step may use: the channel and the upstream client (address policy, proxy). */
export interface AuthorizeInput {
  channel: CachedChannel;
  request: UpstreamRequest;
  upstream: Pick<UpstreamClient, 'requestJson'>;
  proxyUrl?: string;
}

export interface ProviderAdaptor {
  readonly name: string;
  /** Conversation formats the upstream speaks natively, preferred first. */
  readonly formats: readonly WireFormat[];
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
  /** Whether the upstream honours stream_options.include_usage (otherwise usage is counted). */
  supportsStreamUsage(channel: CachedChannel): boolean;
  /** Null when the channel cannot serve this endpoint (e.g. embeddings-only providers). */
  buildRequest(input: BuildRequestInput): UpstreamRequest | null;
}
