/**
 * Channel upkeep in the background: test every channel, refresh every balance. Run on demand from the
 * console and, on the master node, every CHANNEL_TEST_FREQUENCY / CHANNEL_UPDATE_FREQUENCY minutes.
 * One run of each kind at a time.
 */
import { logFacts } from '../../../common/log-facts.ts';
import { ChannelStatus } from '../../../common/statuses.ts';
import type { AppContext } from '../context.ts';
import { notifyRoot } from '../lib/notify-root.ts';
import { toCachedChannel } from '../relay/cache/channel-cache.ts';
import { fetchUpstreamBalance, UnsupportedQueryError } from '../relay/providers/account-queries.ts';
import { findChannelRow } from '../relay/routing/channel-rows.ts';
import { testChannel } from '../relay/routing/channel-test.ts';

const running = new Set<'tests' | 'balances'>();

export function isRunning(kind: 'tests' | 'balances'): boolean {
  return running.has(kind);
}

async function exclusively(kind: 'tests' | 'balances', work: () => Promise<void>): Promise<boolean> {
  if (running.has(kind)) return false;
  running.add(kind);
  try {
    await work();
  } finally {
    running.delete(kind);
  }
  return true;
}

/** Tests every enabled or automatically disabled channel, one after another. */
export function testAllChannels(context: AppContext): Promise<boolean> {
  return exclusively('tests', async () => {
    const rows = await context.database.db
      .selectFrom('channels')
      .select('id')
      .where('status', 'in', [ChannelStatus.enabled, ChannelStatus.autoDisabled])
      .orderBy('id')
      .execute();
    let failed = 0;
    for (const row of rows) {
      const result = await testChannel(context, row.id).catch(() => ({ success: false }));
      if (!result?.success) failed += 1;
    }
    if (rows.length > 0) {
      await notifyRoot(
        context,
        'Channel test finished',
        `${rows.length - failed} of ${rows.length} channels answered correctly`,
        logFacts('log.channel_test_finished', { passed: rows.length - failed, total: rows.length }),
      );
    }
  });
}

/** Refreshes the balance of one channel and stores it. */
export async function refreshBalance(context: AppContext, channelId: number): Promise<number | null> {
  const row = await findChannelRow(context.database.db, channelId);
  if (!row) return null;
  const balance = await fetchUpstreamBalance(context, toCachedChannel(row));
  await context.database.db
    .updateTable('channels')
    .set({ balance, balance_updated_time: Math.floor(Date.now() / 1000) })
    .where('id', '=', channelId)
    .execute();
  return balance;
}

export function refreshAllBalances(context: AppContext): Promise<boolean> {
  return exclusively('balances', async () => {
    const rows = await context.database.db
      .selectFrom('channels')
      .select('id')
      .where('status', '=', ChannelStatus.enabled)
      .execute();
    for (const row of rows) {
      await refreshBalance(context, row.id).catch((error: unknown) => {
        if (!(error instanceof UnsupportedQueryError))
          context.logger.warn({ err: error, channelId: row.id }, 'balance refresh failed');
      });
    }
  });
}

/** Schedules the periodic runs on the master node; returns a function that stops them. */
export function scheduleChannelJobs(context: AppContext): () => void {
  const timers: NodeJS.Timeout[] = [];
  const { channelTestFrequencyMinutes, channelUpdateFrequencyMinutes } = context.config;
  if (channelTestFrequencyMinutes > 0) {
    timers.push(
      setInterval(
        () => void testAllChannels(context).catch(() => undefined),
        channelTestFrequencyMinutes * 60_000,
      ),
    );
  }
  if (channelUpdateFrequencyMinutes > 0) {
    timers.push(
      setInterval(
        () => void refreshAllBalances(context).catch(() => undefined),
        channelUpdateFrequencyMinutes * 60_000,
      ),
    );
  }
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
