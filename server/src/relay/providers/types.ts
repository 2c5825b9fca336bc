/**
 * The provider adaptor interface. The relay speaks OpenAI's wire format to clients on /v1; an adaptor
 * turns a relay call into the upstream's request and, for providers with another wire format, turns the
 * upstream's reply back (native Claude, Gemini … adaptors implement the optional conversions).
 */
import type { CachedChannel } from '../cache/channel-cache.ts';

export type RelayEndpoint = 'chat' | 'completions' | 'embeddings' | 'moderations';

export interface UpstreamRequest {
  url: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  body?: string;
}

export interface BuildRequestInput {
  channel: CachedChannel;
  endpoint: RelayEndpoint;
  /** The client body after model mapping, system prompt and param override. */
  body: Record<string, unknown>;
  /** The upstream model name (after the channel's model mapping). */
  upstreamModel: string;
  stream: boolean;
}

export interface ProviderAdaptor {
  readonly name: string;
  /** The wire format of the upstream; 'openai' replies pass through unchanged. */
  readonly wireFormat: 'openai';
  /** Whether the upstream honours stream_options.include_usage (otherwise usage is counted). */
  supportsStreamUsage(channel: CachedChannel): boolean;
  /** Null when the channel cannot serve this endpoint (e.g. embeddings-only providers). */
  buildRequest(input: BuildRequestInput): UpstreamRequest | null;
}
