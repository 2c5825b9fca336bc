/**
 * Channel choice (docs/reference/routing.md), one algorithm everywhere: candidates come sorted by priority, highest
 * first; the highest tier that still has a channel not yet tried for this request is used; within it a
 * weighted random pick, where weight 0 counts as a small positive weight so such channels still get
 * some traffic. Only channels of the types that serve the call take part (server/src/relay/routing/choose.ts
 * passes them).
 */
import type { ChannelCandidate } from '../cache/channel-cache.ts';

/** The weight a weight-0 channel gets next to others (weights are whole numbers ≥ 0). */
export const ZERO_WEIGHT = 0.1;

export function selectChannel(
  candidates: readonly ChannelCandidate[],
  excluded: ReadonlySet<number>,
  random: () => number = Math.random,
  servingTypes?: ReadonlySet<number>,
): ChannelCandidate | null {
  let index = 0;
  while (index < candidates.length) {
    const priority = candidates[index]!.priority;
    let end = index;
    let total = 0;
    while (end < candidates.length && candidates[end]!.priority === priority) {
      const candidate = candidates[end]!;
      if (!skipped(candidate, excluded, servingTypes)) total += effectiveWeight(candidate.weight);
      end += 1;
    }
    if (total > 0) {
      let target = random() * total;
      let last: ChannelCandidate | null = null;
      for (let position = index; position < end; position += 1) {
        const candidate = candidates[position]!;
        if (skipped(candidate, excluded, servingTypes)) continue;
        last = candidate;
        target -= effectiveWeight(candidate.weight);
        if (target < 0) return candidate;
      }
      return last;
    }
    index = end;
  }
  return null;
}

/** A channel already tried for this call, or of a type that cannot serve it. */
function skipped(
  candidate: ChannelCandidate,
  excluded: ReadonlySet<number>,
  servingTypes: ReadonlySet<number> | undefined,
): boolean {
  return (
    excluded.has(candidate.channel.id) ||
    (servingTypes !== undefined && !servingTypes.has(candidate.channel.type))
  );
}

function effectiveWeight(weight: number): number {
  return weight > 0 ? weight : ZERO_WEIGHT;
}
