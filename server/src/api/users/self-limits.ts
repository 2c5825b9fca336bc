/**
 * GET /api/user/self/limits (docs/limits.md "Console API"): every traffic limit that applies to the signed-in
 * user — their own, their group's, their group's per-model limits and those of their keys — each with how
 * much of it is used now, as the limiter counts it under the scope names admission uses
 * (server/src/relay/call/call-limits.ts limitScopes).
 */
import type { ScopeLimits, SelfLimits } from '../../../../common/api/limits.ts';
import { hasLimits, type LimitSet } from '../../../../common/traffic-limits.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { limitScopes } from '../../relay/call/call-limits.ts';
import { limitsView } from '../tokens/limits-fields.ts';

type GroupLimits = Record<string, LimitSet>;
type ModelLimits = Record<string, Record<string, LimitSet>>;

/** A scope's limits with their usage; a set that limits nothing is shown as `{}` and asks the limiter nothing. */
export async function scopeLimits(
  context: AppContext,
  scope: string,
  limits: LimitSet,
): Promise<ScopeLimits> {
  if (!hasLimits(limits)) return { limits: {}, usage: [] };
  return { limits, usage: await context.limiter.usage({ scope, limits }) };
}

export async function selfLimits(context: AppContext, user: AuthUser): Promise<SelfLimits> {
  const { db } = context.database;
  const [row, tokenRows] = await Promise.all([
    db.selectFrom('users').select('limits').where('id', '=', user.id).executeTakeFirst(),
    db
      .selectFrom('tokens')
      .select(['id', 'name', 'limits'])
      .where('user_id', '=', user.id)
      .where('deleted_at', 'is', null)
      .where('limits', 'is not', null)
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const group = user.group;
  const groupLimits = context.options.getJson<GroupLimits>('traffic_setting.group_limits')[group] ?? {};
  const modelLimits = context.options.getJson<ModelLimits>('traffic_setting.model_limits')[group] ?? {};
  const tokens = tokenRows
    .map((token) => ({ id: token.id, name: token.name, limits: limitsView(token.limits, false) }))
    .filter((token) => hasLimits(token.limits));
  const [own, ofGroup, models, ofTokens] = await Promise.all([
    scopeLimits(context, limitScopes.user(user.id), limitsView(row?.limits, false)),
    scopeLimits(context, limitScopes.group(group), groupLimits),
    Promise.all(
      Object.entries(modelLimits)
        .filter(([, limits]) => hasLimits(limits))
        .map(async ([model, limits]) => ({
          model,
          ...(await scopeLimits(context, limitScopes.model(group, model), limits)),
        })),
    ),
    Promise.all(
      tokens.map(async ({ id, name, limits }) => ({
        id,
        name,
        ...(await scopeLimits(context, limitScopes.key(id), limits)),
      })),
    ),
  ]);
  return { user: own, group: { name: group, ...ofGroup }, models, tokens: ofTokens };
}
