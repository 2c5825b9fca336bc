/**
 * The group `auto` (docs/reference/routing.md "Auto group"): a key whose group is `auto` is served by the
 * first group of the AutoGroups option, in its order, that the user may use and that has an enabled
 * channel for the requested model. That group then prices the call (its group ratio), picks its channels
 * and is the group the log row records, exactly as if the key named it.
 */
import { AUTO_GROUP } from '../../../../common/limits.ts';
import type { AppContext } from '../../context.ts';
import { checkModelAllowed, groupUsable, type RelayCaller } from '../http/auth.ts';
import { relayError } from '../http/errors.ts';

/** The groups an `auto` key of `caller` tries, in order: the AutoGroups entries the user may use. */
export function autoGroupsOf(context: AppContext, caller: RelayCaller): string[] {
  const listed = context.options.getJson<string[] | null>('AutoGroups') ?? [];
  return listed.filter((group) => group !== AUTO_GROUP && groupUsable(context, caller.user, group));
}

/**
 * The group that serves `model` for an `auto` caller; refused (503, as when a named group has no channel)
 * when none of the auto groups has one.
 */
export function resolveAutoGroup(context: AppContext, caller: RelayCaller, model: string): string {
  const groups = autoGroupsOf(context, caller);
  const serving = groups.find((group) => context.channelCache.hasModel(group, model));
  if (serving !== undefined) return serving;
  const tried = groups.length > 0 ? groups.join(', ') : 'none: AutoGroups lists no group this user may use';
  throw relayError(
    503,
    'model_not_found',
    `no available channel for model ${model} in the auto groups (${tried})`,
  );
}

/**
 * Admits `model` for a relay call: the key may use it (its model limits), and an `auto` caller is given
 * the group that serves it. The caller is the request's own object (server/src/relay/http/auth.ts builds
 * one per request), so the group it is given holds for the rest of the call.
 */
export function admitModel(context: AppContext, caller: RelayCaller, model: string): void {
  checkModelAllowed(caller, model);
  if (caller.usingGroup === AUTO_GROUP) caller.usingGroup = resolveAutoGroup(context, caller, model);
}

/** The models an `auto` caller can reach: those of every auto group, each once. */
export function autoGroupModels(context: AppContext, caller: RelayCaller): string[] {
  const models = new Set<string>();
  for (const group of autoGroupsOf(context, caller))
    for (const model of context.channelCache.modelsOfGroup(group)) models.add(model);
  return [...models];
}
