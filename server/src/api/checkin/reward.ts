/**
 * The reward of one check-in (docs/checkin.md "Reward"): a whole number drawn uniformly from the
 * configured range. A range stored inverted (min above max) is used swapped and negative bounds count as
 * 0, as new-api does (setting/operation_setting/checkin_setting.go QuotaRange), so an option saved
 * before its partner never breaks check-in.
 */
import { randomInt } from 'node:crypto';

export interface RewardRange {
  min: number;
  max: number;
}

/** The range as it is drawn from: whole, non-negative, ordered. */
export function orderedRange(min: number, max: number): RewardRange {
  const low = Math.max(0, Math.trunc(Number.isFinite(min) ? min : 0));
  const high = Math.max(0, Math.trunc(Number.isFinite(max) ? max : 0));
  return low <= high ? { min: low, max: high } : { min: high, max: low };
}

/** A reward in [min, max], both included; `draw(n)` gives a whole number in [0, n). */
export function drawReward(range: RewardRange, draw: (bound: number) => number = randomInt): number {
  if (range.max === range.min) return range.min;
  return range.min + draw(range.max - range.min + 1);
}
