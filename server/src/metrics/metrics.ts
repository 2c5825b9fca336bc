/**
 * Prometheus metrics (docs/operations.md "Metrics"), off unless METRICS_ENABLED: HTTP requests by route and
 * status; relay calls by model, channel and outcome with their latency and time to first byte; retries and
 * upstream failures; tokens and quota charged; the batch writer's queue and flush time; cache sizes; and
 * prom-client's process and event-loop metrics. The relay reports one record per call after it settled
 * (server/src/relay/call/pipeline.ts), so a disabled gateway pays one null check.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { BatchWriter } from '../db/batch-writer.ts';
import type { AccountCache } from '../relay/cache/account-cache.ts';
import type { ChannelCache } from '../relay/cache/channel-cache.ts';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export interface RelayCallRecord {
  model: string;
  channelId: number;
  outcome: string;
  /** Seconds from the request to its end. */
  durationSeconds: number;
  /** Seconds to the first byte sent to the client (streams), or null. */
  firstByteSeconds: number | null;
  /** Channels tried before the last one. */
  retries: number;
  promptTokens: number;
  completionTokens: number;
  quota: number;
}

export interface MetricsSources {
  writer: BatchWriter;
  channelCache: ChannelCache;
  accounts: AccountCache;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly httpRequests: Counter<'route' | 'method' | 'status'>;
  private readonly httpDuration: Histogram<'route'>;
  private readonly relayCalls: Counter<'model' | 'channel' | 'outcome'>;
  private readonly relayDuration: Histogram<'model' | 'channel'>;
  private readonly relayFirstByte: Histogram<'model' | 'channel'>;
  private readonly retries: Counter<'model'>;
  private readonly upstreamFailures: Counter<'channel' | 'status'>;
  private readonly tokens: Counter<'model' | 'kind'>;
  private readonly quota: Counter<'model'>;
  private readonly flushDuration: Histogram;

  constructor(sources: MetricsSources) {
    const registry = this.registry;
    collectDefaultMetrics({ register: registry });
    this.httpRequests = new Counter({
      name: 'switchyard_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    });
    this.httpDuration = new Histogram({
      name: 'switchyard_http_request_duration_seconds',
      help: 'HTTP request duration by route pattern',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.relayCalls = new Counter({
      name: 'switchyard_relay_calls_total',
      help: 'Relay calls settled, by requested model, final channel and outcome',
      labelNames: ['model', 'channel', 'outcome'],
      registers: [registry],
    });
    this.relayDuration = new Histogram({
      name: 'switchyard_relay_duration_seconds',
      help: 'Relay call duration, by model and channel',
      labelNames: ['model', 'channel'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.relayFirstByte = new Histogram({
      name: 'switchyard_relay_time_to_first_byte_seconds',
      help: 'Time to the first byte sent to the client of streamed relay calls, by model and channel',
      labelNames: ['model', 'channel'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    this.retries = new Counter({
      name: 'switchyard_relay_retries_total',
      help: 'Other channels tried after a failed one, by model',
      labelNames: ['model'],
      registers: [registry],
    });
    this.upstreamFailures = new Counter({
      name: 'switchyard_upstream_failures_total',
      help: 'Upstream failures (HTTP errors and connection failures as status 0), by channel and status',
      labelNames: ['channel', 'status'],
      registers: [registry],
    });
    this.tokens = new Counter({
      name: 'switchyard_tokens_total',
      help: 'Tokens billed, by model and kind (prompt, completion)',
      labelNames: ['model', 'kind'],
      registers: [registry],
    });
    this.quota = new Counter({
      name: 'switchyard_quota_charged_total',
      help: 'Quota charged, by model (500,000 quota = 1 USD by default)',
      labelNames: ['model'],
      registers: [registry],
    });
    this.flushDuration = new Histogram({
      name: 'switchyard_batch_writer_flush_seconds',
      help: 'Duration of the batch writer flushes that wrote something',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    });
    sources.writer.onFlushed = (ms) => this.flushDuration.observe(ms / 1000);
    new Gauge({
      name: 'switchyard_batch_writer_queue_depth',
      help: 'Rows and counter changes waiting for the next flush',
      registers: [registry],
      collect() {
        this.set(sources.writer.pendingCount);
      },
    });
    new Gauge({
      name: 'switchyard_cache_entries',
      help: 'Entries held in memory, by cache',
      labelNames: ['cache'],
      registers: [registry],
      collect() {
        const { users, tokens } = sources.accounts.sizes;
        this.set({ cache: 'channels' }, sources.channelCache.size);
        this.set({ cache: 'users' }, users);
        this.set({ cache: 'tokens' }, tokens);
      },
    });
  }

  recordHttp(route: string, method: string, status: number, seconds: number): void {
    this.httpRequests.inc({ route, method, status: String(status) });
    this.httpDuration.observe({ route }, seconds);
  }

  recordRelayCall(record: RelayCallRecord): void {
    const channel = String(record.channelId);
    const { model } = record;
    this.relayCalls.inc({ model, channel, outcome: record.outcome });
    this.relayDuration.observe({ model, channel }, record.durationSeconds);
    if (record.firstByteSeconds !== null)
      this.relayFirstByte.observe({ model, channel }, record.firstByteSeconds);
    if (record.retries > 0) this.retries.inc({ model }, record.retries);
    if (record.promptTokens > 0) this.tokens.inc({ model, kind: 'prompt' }, record.promptTokens);
    if (record.completionTokens > 0) this.tokens.inc({ model, kind: 'completion' }, record.completionTokens);
    if (record.quota > 0) this.quota.inc({ model }, record.quota);
  }

  recordUpstreamFailure(channelId: number, status: number): void {
    this.upstreamFailures.inc({ channel: String(channelId), status: String(status) });
  }
}
