/**
 * quota_data rollups (docs/reference/logs.md): consumption per user × model × hour, aggregated in memory while
 * DataExportEnabled is on, written every DataExportInterval minutes and at shutdown.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connect.ts';
import type { OptionStore } from '../options/store.ts';

interface Bucket {
  userId: number;
  username: string;
  model: string;
  hour: number;
  tokenUsed: number;
  count: number;
  quota: number;
}

export interface SettledUsage {
  finalQuota: number;
  usage: { promptTokens: number; completionTokens: number };
}

export class QuotaDataAggregator {
  private buckets = new Map<string, Bucket>();
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = Date.now();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly options: Pick<OptionStore, 'getBoolean' | 'getNumber'>,
    private readonly logger?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  record(userId: number, username: string, model: string, nowSeconds: number, settled: SettledUsage): void {
    if (!this.options.getBoolean('DataExportEnabled')) return;
    const hour = nowSeconds - (nowSeconds % 3600);
    const key = `${userId}\u0000${model}\u0000${hour}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { userId, username, model, hour, tokenUsed: 0, count: 0, quota: 0 };
      this.buckets.set(key, bucket);
    }
    bucket.tokenUsed += settled.usage.promptTokens + settled.usage.completionTokens;
    bucket.count += 1;
    bucket.quota += settled.finalQuota;
  }

  /** Checks every minute whether DataExportInterval minutes have passed (the option may change). */
  start(): void {
    this.timer = setInterval(() => {
      const intervalMs = Math.max(1, this.options.getNumber('DataExportInterval')) * 60_000;
      if (Date.now() - this.lastFlush < intervalMs) return;
      this.flush().catch((error: unknown) => this.logger?.error({ err: error }, 'quota_data flush failed'));
    }, 60_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  async flush(): Promise<void> {
    this.lastFlush = Date.now();
    if (this.buckets.size === 0) return;
    const buckets = [...this.buckets.values()];
    this.buckets = new Map();
    try {
      await this.database.db.transaction().execute(async (transaction) => {
        for (const bucket of buckets) {
          const updated = await transaction
            .updateTable('quota_data')
            .set((builder) => ({
              token_used: builder(builder.ref('token_used'), '+', bucket.tokenUsed),
              count: builder(builder.ref('count'), '+', bucket.count),
              quota: builder(builder.ref('quota'), '+', bucket.quota),
            }))
            .where('user_id', '=', bucket.userId)
            .where('model_name', '=', bucket.model)
            .where('created_at', '=', bucket.hour)
            .executeTakeFirst();
          if (Number(updated.numUpdatedRows) > 0) continue;
          await transaction
            .insertInto('quota_data')
            .values({
              user_id: bucket.userId,
              username: bucket.username,
              model_name: bucket.model,
              created_at: bucket.hour,
              token_used: bucket.tokenUsed,
              count: bucket.count,
              quota: bucket.quota,
            })
            .execute();
        }
      });
    } catch (error) {
      // Put the numbers back so the next flush writes them.
      for (const bucket of buckets) {
        const key = `${bucket.userId}\u0000${bucket.model}\u0000${bucket.hour}`;
        const current = this.buckets.get(key);
        if (current) {
          current.tokenUsed += bucket.tokenUsed;
          current.count += bucket.count;
          current.quota += bucket.quota;
        } else {
          this.buckets.set(key, bucket);
        }
      }
      throw error;
    }
  }
}
