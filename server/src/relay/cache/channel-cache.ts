/**
 * Channels and their abilities in memory (principle 1 of docs/reference/design-principles.md): the relay chooses channels from this
 * index and never reads the database per request. Reloaded after every channel write and every
 * SYNC_FREQUENCY seconds (so several instances converge).
 */

import type { FastifyBaseLogger } from 'fastify';
import type { ChannelLimits } from '../../../../common/traffic-limits.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import { jsonColumnText } from '../../db/json-column.ts';
import type { ChannelRow } from '../../db/schema.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import {
  checkJsonObject,
  checkModelMapping,
  checkStatusCodeMapping,
  splitList,
} from '../../lib/mapping-rules.ts';
import { isServedChannelType } from '../channel-types.ts';
import {
  type HeaderTemplate,
  NO_HEADER_OVERRIDE,
  parseHeaderOverride,
  type ResolvedHeaderOverride,
  resolveHeaderOverride,
} from './header-override.ts';
import {
  disableKeyInMemory,
  type KeySet,
  newKeySet,
  pickKey,
  readChannelInfo,
  splitChannelKeys,
} from './multi-key.ts';
import { readStoredLimits, type StoredLimitsWarning, warnOnProcess } from './stored-limits.ts';

export interface ChannelSetting {
  proxy?: string;
  system_prompt?: string;
  [key: string]: unknown;
}

export interface CachedChannel {
  id: number;
  type: number;
  name: string;
  key: string;
  baseUrl: string;
  other: string;
  status: number;
  autoBan: boolean;
  models: readonly string[];
  groups: readonly string[];
  modelMapping: Readonly<Record<string, string>>;
  statusCodeMapping: Readonly<Record<string, string>>;
  paramOverride: Readonly<Record<string, unknown>>;
  setting: Readonly<ChannelSetting>;
  /** new-api's `settings` column as stored (Advanced Custom's routes: server/src/relay/providers/custom-routes/). */
  settings?: string;
  openaiOrganization: string;
  testModel: string;
  tag: string;
  maxInputTokens: number;
  /** The index of `key` among a multi-key channel's keys (0 or absent otherwise). */
  keyIndex?: number;
  /** A multi-key channel's keys and their state (./multi-key.ts), shared by its per-key views. */
  keySet?: KeySet<CachedChannel> | null;
  /** header_override with `{api_key}` resolved for `key` (./header-override.ts); absent: none. */
  headerOverride?: ResolvedHeaderOverride;
  /**
   * The channel's caps and (multi-key) each key's caps (`channels.limits`, parsed at load and shared by
   * every key's view); null when nothing limits.
   */
  limits?: ChannelLimits | null;
}

export interface ChannelCandidate {
  channel: CachedChannel;
  priority: number;
  weight: number;
}

/**
 * A channel's cached form. A multi-key channel (channel_info.is_multi_key) gets one view per key, built
 * here once: the returned channel is the first key's view, and `keySet.views` holds them all.
 */
export function toCachedChannel(row: ChannelRow, warn: StoredLimitsWarning = warnOnProcess): CachedChannel {
  const base = baseChannel(row, warn);
  const templates = parseHeaderOverride(row.header_override);
  const info = readChannelInfo(row.channel_info);
  if (info.is_multi_key !== true) return withHeaders(base, templates);
  const keys = splitChannelKeys(row.key);
  if (keys.length === 0) return withHeaders(base, templates);
  const views = keys.map((key, keyIndex) => withHeaders({ ...base, key, keyIndex }, templates));
  const keySet = newKeySet(info, views);
  for (const view of views) view.keySet = keySet;
  return views[0]!;
}

function withHeaders(channel: CachedChannel, templates: readonly HeaderTemplate[]): CachedChannel {
  channel.headerOverride =
    templates.length === 0 ? NO_HEADER_OVERRIDE : resolveHeaderOverride(templates, channel.key);
  return channel;
}

/**
 * The channel with a key to send: itself, or for a multi-key channel the view of the key its mode picks
 * (null when none of its keys is enabled).
 */
export function withChosenKey(channel: CachedChannel): CachedChannel | null {
  return channel.keySet ? pickKey(channel.keySet) : channel;
}

function baseChannel(row: ChannelRow, warn: StoredLimitsWarning): CachedChannel {
  const mapping = checkModelMapping(row.model_mapping ?? '');
  const statusMapping = checkStatusCodeMapping(row.status_code_mapping ?? '');
  const override = checkJsonObject(row.param_override ?? '', 'param_override');
  const setting = checkJsonObject(row.setting ?? '', 'setting');
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    key: row.key,
    baseUrl: row.base_url ?? '',
    other: row.other ?? '',
    settings: jsonColumnText(row.settings) ?? '',
    status: row.status,
    autoBan: row.auto_ban === 1,
    models: splitList(row.models),
    groups: splitList(row.group),
    modelMapping: mapping.ok ? mapping.value : {},
    statusCodeMapping: statusMapping.ok ? statusMapping.value : {},
    paramOverride: override.ok ? override.value : {},
    setting: setting.ok ? (setting.value as ChannelSetting) : {},
    openaiOrganization: row.open_ai_organization ?? '',
    testModel: row.test_model ?? '',
    tag: row.tag ?? '',
    maxInputTokens: row.max_input_tokens ?? 0,
    keyIndex: 0,
    keySet: null,
    headerOverride: NO_HEADER_OVERRIDE,
    limits: readStoredLimits(row.limits, `channels ${row.id}`, true, warn),
  };
}

export class ChannelCache {
  private channels = new Map<number, CachedChannel>();
  /** group → model → candidates, highest priority first. */
  private index = new Map<string, Map<string, ChannelCandidate[]>>();
  private loading: Promise<void> | undefined;
  private reloadAgain = false;
  private timer: NodeJS.Timeout | undefined;
  private bus: CacheBus | null = null;

  /** Channels held (metrics). */
  get size(): number {
    return this.channels.size;
  }

  constructor(
    private readonly database: DatabaseHandle,
    private readonly logger?: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  /** A stored value of `channels.limits` that limits nothing because it is invalid (./stored-limits.ts). */
  private readonly warnLimits: StoredLimitsWarning = (owner, problem) =>
    this.logger
      ? this.logger.warn({ owner, ...problem }, 'stored channel limits ignored')
      : warnOnProcess(owner, problem);

  /** Announces this cache's changes to the other instances (Redis pub/sub). */
  share(bus: CacheBus): void {
    this.bus = bus;
  }

  /** After a write to channels or abilities: reloads, and tells the other instances to. */
  async changed(): Promise<void> {
    await this.reload();
    this.bus?.publish({ kind: 'channels' });
  }

  /** Reloads from the database; a call made while a reload runs triggers one more afterwards. */
  async reload(): Promise<void> {
    if (this.loading) {
      this.reloadAgain = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.reloadAgain = false;
        await this.loadOnce();
      } while (this.reloadAgain);
    })().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  startSync(intervalSeconds: number): void {
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) =>
        this.logger?.error({ err: error }, 'channel cache reload failed'),
      );
    }, intervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The channel as stored: for a multi-key channel, its first key's view (names, settings, status). */
  get(id: number): CachedChannel | undefined {
    return this.channels.get(id);
  }

  /**
   * Takes one key of a multi-key channel out of the choice at once (auto-disable), before the database
   * write is reloaded. Returns how many of its keys stay enabled (null: not a multi-key channel here).
   */
  disableKey(id: number, keyIndex: number): number | null {
    const keySet = this.channels.get(id)?.keySet;
    return keySet ? disableKeyInMemory(keySet, keyIndex) : null;
  }

  all(): IterableIterator<CachedChannel> {
    return this.channels.values();
  }

  candidates(group: string, model: string): readonly ChannelCandidate[] {
    return this.index.get(group)?.get(model) ?? [];
  }

  hasModel(group: string, model: string): boolean {
    return (this.index.get(group)?.get(model)?.length ?? 0) > 0;
  }

  /** Models with at least one enabled channel in the group. */
  modelsOfGroup(group: string): string[] {
    return [...(this.index.get(group)?.keys() ?? [])];
  }

  /** Model → the groups in which it has an enabled channel. */
  groupsByModel(): Map<string, string[]> {
    const result = new Map<string, string[]>();
    for (const [group, byModel] of this.index) {
      for (const [model, list] of byModel) {
        if (list.length === 0) continue;
        const groups = result.get(model);
        if (groups) groups.push(group);
        else result.set(model, [group]);
      }
    }
    return result;
  }

  /** Every model with at least one enabled channel, in any group. */
  enabledModels(): string[] {
    const models = new Set<string>();
    for (const byModel of this.index.values()) for (const model of byModel.keys()) models.add(model);
    return [...models].sort();
  }

  /** Applies a status change at once (auto-disable), before the database write is reloaded. */
  setStatus(id: number, status: number): void {
    const channel = this.channels.get(id);
    if (!channel || channel.status === status) return;
    this.channels.set(id, { ...channel, status });
    if (status !== 1) {
      for (const byModel of this.index.values()) {
        for (const [model, list] of byModel) {
          const remaining = list.filter((candidate) => candidate.channel.id !== id);
          if (remaining.length !== list.length) byModel.set(model, remaining);
        }
      }
    }
  }

  private async loadOnce(): Promise<void> {
    const { db } = this.database;
    const [rows, abilities] = await Promise.all([
      db.selectFrom('channels').selectAll().execute(),
      db
        .selectFrom('abilities')
        .select(['group', 'model', 'channel_id', 'priority', 'weight'])
        .where('enabled', '=', 1)
        .execute(),
    ]);
    const channels = new Map<number, CachedChannel>();
    for (const row of rows) {
      const channel = toCachedChannel(row, this.warnLimits);
      // Polling goes on where it was (new-api keeps the index in memory too).
      const previous = this.channels.get(row.id)?.keySet;
      if (channel.keySet && previous && previous.views.length === channel.keySet.views.length)
        channel.keySet.pollingIndex = previous.pollingIndex;
      channels.set(row.id, channel);
    }
    const index = new Map<string, Map<string, ChannelCandidate[]>>();
    for (const ability of abilities) {
      const channel = channels.get(ability.channel_id);
      // A channel of a type nothing relays (a row from another gateway's database) is never chosen.
      if (channel?.status !== 1 || !isServedChannelType(channel.type)) continue;
      let byModel = index.get(ability.group);
      if (!byModel) {
        byModel = new Map();
        index.set(ability.group, byModel);
      }
      let list = byModel.get(ability.model);
      if (!list) {
        list = [];
        byModel.set(ability.model, list);
      }
      list.push({ channel, priority: Number(ability.priority ?? 0), weight: Number(ability.weight ?? 0) });
    }
    for (const byModel of index.values()) {
      for (const list of byModel.values()) list.sort((left, right) => right.priority - left.priority);
    }
    this.channels = channels;
    this.index = index;
  }
}
