/** Everything a route or job needs, built once at boot by main.ts (or by the test server). */

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { BatchWriter } from './db/batch-writer.ts';
import type { DatabaseHandle } from './db/connect.ts';
import type { QuotaDataAggregator } from './jobs/quota-data.ts';
import type { UpstreamClient } from './lib/http-client.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { OptionStore } from './options/store.ts';
import type { QuotaWarnings } from './relay/billing/quota-warning.ts';
import type { AccountCache } from './relay/cache/account-cache.ts';
import type { ChannelCache } from './relay/cache/channel-cache.ts';
import type { InflightCalls } from './relay/call/inflight.ts';
import type { Limiter } from './relay/limits/types.ts';
import type { ChannelAffinity } from './relay/routing/affinity.ts';
import type { Cooldowns } from './relay/routing/cooldown.ts';
import type { ResponseOwners } from './relay/routing/response-owners.ts';

export interface SetupState {
  /** True once POST /api/setup succeeded (a row in `setups`). */
  done: boolean;
}

export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  /** The database holding `logs`: LOG_SQL_DSN when set, otherwise the main database. */
  logDatabase: DatabaseHandle;
  writer: BatchWriter;
  options: OptionStore;
  /** Channels and abilities in memory, for channel choice without database reads. */
  channelCache: ChannelCache;
  /** Tokens and users in memory, with live balances. */
  accounts: AccountCache;
  /** HTTP to upstream providers (keep-alive pools, proxies). */
  upstream: UpstreamClient;
  /** HTTP to users' webhooks: public addresses only (unless UPSTREAM_ADDRESS_POLICY=allow-all). */
  webhooks: UpstreamClient;
  quotaWarnings: QuotaWarnings;
  /** The one limiter of every traffic limit (server/src/relay/limits/, docs/limits.md). */
  limiter: Limiter;
  /** Which channel and key served a conversation last (server/src/relay/routing/affinity.ts). */
  affinity: ChannelAffinity;
  /** Channels and keys cooling down after a failure (server/src/relay/routing/cooldown.ts). */
  cooldowns: Cooldowns;
  /** Who created each stored Responses API response, and which channel holds it (previous_response_id). */
  responseOwners: ResponseOwners;
  /** quota_data rollups, flushed every DataExportInterval minutes. */
  quotaData: QuotaDataAggregator;
  /** Relay calls in progress (a shutdown drains them). */
  inflight: InflightCalls;
  setup: SetupState;
  /** The secret that signs session cookies (SESSION_SECRET, or one generated once and kept in the database). */
  sessionSecret: string;
  logger: FastifyBaseLogger;
  version: string;
  /** Unix seconds when this process started. */
  startTime: number;
  /** Prometheus metrics when METRICS_ENABLED (server/src/metrics/), else null. */
  metrics?: Metrics | null;
}
