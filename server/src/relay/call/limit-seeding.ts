/**
 * What the limiter is told at boot (docs/limits.md "Crashes and restarts"): every scope with a day, week or
 * month limit — keys and users (the account cache), groups and models in groups (the traffic options),
 * channels — and the log rows that count for it, read once by server/src/relay/limits/seed.ts before the
 * server listens. Keys of multi-key channels are not seeded: the log does not say which key served a call.
 */
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import type { AppContext } from '../../context.ts';
import { type SeedTarget, seedLimiter } from '../limits/limiter.ts';
import { limitScopes } from './call-limits.ts';

type GroupLimits = Readonly<Record<string, LimitSet>>;
type ModelLimits = Readonly<Record<string, Readonly<Record<string, LimitSet>>>>;

/** The scopes of the limits configured now. */
export function seedTargets(
  context: Pick<AppContext, 'accounts' | 'channelCache' | 'options'>,
): SeedTarget[] {
  const targets: SeedTarget[] = [];
  for (const { kind, id, limits } of context.accounts.limited()) {
    targets.push(
      kind === 'token'
        ? { scope: limitScopes.key(id), limits, column: 'token_id', value: id }
        : { scope: limitScopes.user(id), limits, column: 'user_id', value: id },
    );
  }
  const groups = context.options.getJson<GroupLimits>('traffic_setting.group_limits');
  for (const [group, limits] of Object.entries(groups))
    targets.push({ scope: limitScopes.group(group), limits, column: 'group', value: group });
  const models = context.options.getJson<ModelLimits>('traffic_setting.model_limits');
  for (const [group, byModel] of Object.entries(models)) {
    for (const [model, limits] of Object.entries(byModel))
      targets.push({ scope: limitScopes.model(group, model), limits, column: 'group', value: group, model });
  }
  for (const channel of context.channelCache.all()) {
    if (!channel.limits) continue;
    const { key_limits: _keyLimits, ...own } = channel.limits;
    targets.push({
      scope: limitScopes.channel(channel.id),
      limits: own,
      column: 'channel_id',
      value: channel.id,
    });
  }
  return targets;
}

/** Seeds the limiter from the log (nothing to read when no scope has a day, week or month limit). */
export async function seedCallLimits(context: AppContext): Promise<void> {
  await seedLimiter(context.limiter, context.logDatabase, seedTargets(context));
}
