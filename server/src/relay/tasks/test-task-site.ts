/**
 * What the tests of the task submit loop (./submit-loop.ts) share: the relay fixture's money as the
 * loop must leave it (the user's quota and used quota, the key's used quota, the consumption log rows),
 * channels of the three platforms on fake vendors — deleted again after each test, with RetryTimes back at
 * 0 — and a Suno client of the gateway.
 */
import { afterEach } from 'vitest';
import type { RecordedVendorRequest } from '../../test-support/fake-vendors/http.ts';
import { FAKE_MJ_SECRET, startFakeMidjourney } from '../../test-support/fake-vendors/midjourney-proxy.ts';
import { FAKE_SUNO_KEY, startFakeSuno } from '../../test-support/fake-vendors/suno-api.ts';
import { FAKE_VIDEO_KEY, startFakeVideos } from '../../test-support/fake-vendors/video/openai-videos.ts';
import type { RelayFixture } from '../../test-support/relay-fixture.ts';

const QUOTA_PER_UNIT = 500_000;
export const MUSIC_QUOTA = 0.1 * QUOTA_PER_UNIT;
export const IMAGINE_QUOTA = 0.1 * QUOTA_PER_UNIT;
export const UPSCALE_QUOTA = 0.05 * QUOTA_PER_UNIT;
/** The video price the tests set for sora-2, per second. */
export const VIDEO_PRICE_PER_SECOND = 0.1;

/** The money a submission may move: it must move all of it once, or none of it. */
export interface Ledger {
  quota: number;
  usedQuota: number;
  tokenUsedQuota: number;
  consumeLogs: number;
}

/** How many submissions a fake vendor received (its task reads are not counted). */
export function submissionsTo(vendor: { requests: readonly RecordedVendorRequest[] }): number {
  return vendor.requests.filter(
    (request) =>
      request.method === 'POST' &&
      (/\/mj\/submit\//.test(request.path) ||
        request.path.startsWith('/suno/submit/') ||
        request.path === '/v1/videos'),
  ).length;
}

export function taskSite(fixture: RelayFixture) {
  const created: number[] = [];
  afterEach(async () => {
    for (const id of created.splice(0)) await fixture.root.delete(`/api/channel/${id}`);
    await fixture.setOption('RetryTimes', '0');
  });
  const track = <T extends { channelId: number }>(channel: T): T => {
    created.push(channel.channelId);
    return channel;
  };
  return {
    async ledger(): Promise<Ledger> {
      await fixture.flush();
      const { db } = fixture.server.context.database;
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota'])
        .where('id', '=', fixture.userId)
        .executeTakeFirstOrThrow();
      const token = await db
        .selectFrom('tokens')
        .select('used_quota')
        .where('id', '=', fixture.token.id)
        .executeTakeFirstOrThrow();
      return {
        quota: Number(user.quota),
        usedQuota: Number(user.used_quota),
        tokenUsedQuota: Number(token.used_quota),
        consumeLogs: (await fixture.consumeLogs()).length,
      };
    },
    /** A Suno channel (suno_music, suno_lyrics) on a fake Suno API of its own. */
    sunoChannel: async (fields: Record<string, unknown> = {}) =>
      track(
        await fixture.addVendorChannel(startFakeSuno, {
          type: 36,
          key: FAKE_SUNO_KEY,
          models: 'suno_music,suno_lyrics',
          ...fields,
        }),
      ),
    /** A Midjourney-Proxy channel (mj_imagine, mj_upscale) on a fake proxy of its own. */
    midjourneyChannel: async (fields: Record<string, unknown> = {}) =>
      track(
        await fixture.addVendorChannel(startFakeMidjourney, {
          type: 2,
          key: FAKE_MJ_SECRET,
          models: 'mj_imagine,mj_upscale',
          ...fields,
        }),
      ),
    /** An OpenAI channel serving sora-2 on a fake video API of its own. */
    videoChannel: async (fields: Record<string, unknown> = {}) =>
      track(
        await fixture.addVendorChannel(startFakeVideos, {
          type: 1,
          key: FAKE_VIDEO_KEY,
          models: 'sora-2',
          ...fields,
        }),
      ),
    /** A Suno API call to the gateway with the fixture's key (or `key`). */
    async suno(path: string, body: unknown, key = `sk-${fixture.token.key}`) {
      const response = await fetch(`${fixture.server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    /** The `tasks` rows a channel holds. */
    taskRows: (channelId: number) =>
      fixture.server.context.database.db
        .selectFrom('tasks')
        .selectAll()
        .where('channel_id', '=', channelId)
        .execute(),
    /** The `midjourneys` rows a channel holds. */
    midjourneyRows: (channelId: number) =>
      fixture.server.context.database.db
        .selectFrom('midjourneys')
        .selectAll()
        .where('channel_id', '=', channelId)
        .execute(),
  };
}
