/**
 * A new-api database holding channels of the types new-api added after the specification's list (ids in
 * common/channel-types-{aggregators,agents,video,custom}.ts): rows written as new-api writes them load into
 * the relay's channel cache enabled, list through the channel API with their type, can be disabled and
 * enabled again, and answer the channel form's model list; the one type that stays refused (57) is shown but
 * cannot be enabled.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChannelView } from '../../../../common/api/channels.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { channelType, isTaskCapability } from '../../../../common/channel-types.ts';
import { isServedChannelType } from '../../relay/channel-types.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { rewriteAbilities } from './abilities.ts';

/** Each later type as a new-api row would hold it: its key shape, `other` and address where the type needs them. */
const ROWS: Record<number, { key: string; other?: string; base_url?: string; models: string }> = {
  6: { key: 'sk-openaimax', models: 'gpt-4o-mini' },
  7: { key: 'sk-ohmygpt', models: 'gpt-4o-mini' },
  9: { key: 'sk-ails', models: 'gpt-4o-mini' },
  10: { key: 'sk-aiproxy', models: 'gpt-4o-mini' },
  12: { key: 'sk-api2gpt', models: 'gpt-4o-mini' },
  13: { key: 'sk-aigc2d', models: 'gpt-4o-mini' },
  27: { key: 'pplx-key', models: 'sonar' },
  49: { key: 'pat_coze', other: '7342866812345678901', models: 'coze-bot' },
  50: { key: 'kling-ak|kling-sk', models: 'kling-v1' },
  51: { key: 'jimeng-ak|jimeng-sk', models: 'jimeng_vgfm_t2v_l20' },
  52: { key: 'vidu-key', models: 'viduq1' },
  53: { key: 'submodel-key', models: 'zai-org/GLM-4.5-FP8' },
  54: { key: 'ark-key', models: 'doubao-seedance-1-0-pro-250528' },
  55: { key: 'sk-sora', models: 'sora-2' },
  56: { key: 'r8_replicate', models: 'black-forest-labs/flux-schnell' },
  58: { key: 'sk-custom', base_url: 'https://custom.example', models: 'gpt-4o-mini' },
  59: { key: 'sk-sub2api', base_url: 'https://sub2api.example', models: 'gpt-4o-mini' },
  60: { key: 'sk-newapi', base_url: 'https://new-api.example', models: 'gpt-4o-mini' },
};

const { fixture } = setUpRelayFixture();
const ids = new Map<number, number>();

beforeAll(async () => {
  const { db } = fixture.server.context.database;
  for (const [type, row] of [
    ...Object.entries(ROWS),
    ['57', { key: 'codex-oauth', models: 'gpt-5' }] as const,
  ]) {
    const inserted = await db
      .insertInto('channels')
      .values({
        type: Number(type),
        name: `later-${type}`,
        key: row.key,
        other: 'other' in row ? (row.other ?? '') : '',
        base_url: 'base_url' in row ? (row.base_url ?? '') : '',
        models: row.models,
        group: 'default',
        status: 1,
        priority: 0,
        tag: 'later-types',
      })
      .executeTakeFirstOrThrow();
    const id = Number(inserted.insertId);
    ids.set(Number(type), id);
    const stored = await db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    await db.transaction().execute((transaction) => rewriteAbilities(transaction, stored));
  }
  await fixture.server.context.channelCache.reload();
});

describe("new-api's later channel types in an adopted database", () => {
  it('are known, served, and load enabled into the relay cache', () => {
    for (const type of Object.keys(ROWS).map(Number)) {
      expect({ type, known: channelType(type) !== undefined, served: isServedChannelType(type) }).toEqual({
        type,
        known: true,
        served: true,
      });
      expect({ type, status: fixture.server.context.channelCache.get(ids.get(type)!)?.status }).toEqual({
        type,
        status: 1,
      });
    }
    expect(channelType(57)?.serves).toEqual([]);
  });

  it('list through the channel API with their type, and can be disabled and enabled again', async () => {
    const list = await fixture.root.get<Page<ChannelView>>('/api/channel/', {
      p: 1,
      page_size: 100,
      tag_mode: 'false',
    });
    const listed = new Map((list.body.data?.items ?? []).map((item) => [item.id, item]));
    for (const [type, id] of ids)
      expect({ type, listed: listed.get(id)?.type }).toEqual({ type, listed: type });
    for (const type of Object.keys(ROWS).map(Number)) {
      const id = ids.get(type)!;
      expect((await fixture.root.put('/api/channel/', { id, status: 2 })).body.success).toBe(true);
      const enabled = await fixture.root.put('/api/channel/', { id, status: 1 });
      expect({ type, success: enabled.body.success, message: enabled.body.message }).toMatchObject({
        type,
        success: true,
      });
    }
  });

  it("checks Kling's and Jimeng's key shape at save", async () => {
    for (const type of [50, 51]) {
      const refused = await fixture.root.post('/api/channel/', {
        type,
        name: `bad-key-${type}`,
        key: 'one-part',
        models: ROWS[type]!.models,
        group: 'default',
      });
      expect({ type, success: refused.body.success, message: refused.body.message }).toMatchObject({
        type,
        success: false,
        message: expect.stringMatching(/AccessKey\|SecretKey/),
      });
    }
  });

  it('type 57 is shown but cannot be enabled', async () => {
    const id = ids.get(57)!;
    expect((await fixture.root.put('/api/channel/', { id, status: 2 })).body.success).toBe(true);
    const enabled = await fixture.root.put('/api/channel/', { id, status: 1 });
    expect(enabled.body.success).toBe(false);
    expect(enabled.body.message).toMatch(/57/);
    expect(enabled.body.message).toMatch(/subscription account may not be relayed/);
  });

  it('each served type names models for the channel form, serves a task platform or asks its upstream', () => {
    // 58's models come with the routes the operator defines (docs/providers/custom-routes.md).
    for (const type of Object.keys(ROWS)
      .map(Number)
      .filter((type) => type !== 58)) {
      const entry = channelType(type)!;
      const tasks = entry.serves.some((capability) => isTaskCapability(capability));
      expect({
        type,
        offers: (entry.models?.length ?? 0) > 0 || tasks || entry.form?.baseUrlRequired === true,
      }).toEqual({ type, offers: true });
    }
  });
});
