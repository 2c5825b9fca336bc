/**
 * Channels and keys cooling down after an upstream failure (docs/reference/routing.md, "Retries"): the error
 * policy of a failure's class (./error-class.ts) may say to leave the channel — or, for a multi-key channel,
 * only the key that failed — alone for some seconds, or for as long as the upstream's Retry-After asks. The
 * chooser passes a cooling channel over (./next-channel.ts asks `isCooling`).
 *
 * Per instance: each gateway process keeps its own cooldowns in memory (nothing is shared through Redis —
 * another instance meets the same upstream answer and cools the channel itself). Bounded: at most
 * `maxEntries` channels and keys are held; when full, ended cooldowns are dropped first, then the one that
 * ends soonest. No timer runs: an entry is read against the clock and dropped when found ended.
 */

/** A channel's own cooldown and its keys'. */
interface Cooling {
  /** When the whole channel may serve again (ms since the epoch); 0 when only keys cool. */
  until: number;
  /** Key index → when that key may serve again; absent until a key cools. */
  keys?: Map<number, number>;
}

export interface CooldownOptions {
  /** At most this many channels held (default 10 000). */
  maxEntries?: number;
  /** The clock (tests). */
  now?: () => number;
}

export class Cooldowns {
  private readonly entries = new Map<number, Cooling>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: CooldownOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 10_000);
    this.now = options.now ?? Date.now;
  }

  /**
   * True while channel `channelId` cools down — or, given `keyIndex`, while that key of it does. Nothing
   * cooling costs one map lookup.
   */
  isCooling(channelId: number, keyIndex?: number): boolean {
    if (this.entries.size === 0) return false;
    const entry = this.entries.get(channelId);
    if (!entry) return false;
    const now = this.now();
    if (entry.until > now) return true;
    if (keyIndex === undefined || !entry.keys) {
      if (!entry.keys || entry.keys.size === 0) this.entries.delete(channelId);
      return false;
    }
    const keyUntil = entry.keys.get(keyIndex);
    if (keyUntil === undefined) return false;
    if (keyUntil > now) return true;
    entry.keys.delete(keyIndex);
    if (entry.keys.size === 0 && entry.until <= now) this.entries.delete(channelId);
    return false;
  }

  /**
   * Cools channel `channelId` down for `seconds` — only its key `keyIndex` when one is given (a multi-key
   * channel). A longer cooldown already running is kept.
   */
  cool(channelId: number, keyIndex: number | null, seconds: number): void {
    if (!(seconds > 0)) return;
    const now = this.now();
    const until = now + seconds * 1000;
    let entry = this.entries.get(channelId);
    if (!entry) {
      if (this.entries.size >= this.maxEntries) this.evict(now);
      entry = { until: 0 };
      this.entries.set(channelId, entry);
    }
    if (keyIndex === null) {
      entry.until = Math.max(entry.until, until);
      return;
    }
    entry.keys ??= new Map();
    entry.keys.set(keyIndex, Math.max(entry.keys.get(keyIndex) ?? 0, until));
  }

  /** How many channels hold a cooldown (ended ones not dropped yet included). */
  get size(): number {
    return this.entries.size;
  }

  /** Makes room for one entry: drops every ended cooldown, else the one ending soonest. */
  private evict(now: number): void {
    let soonestId: number | null = null;
    let soonest = Number.POSITIVE_INFINITY;
    for (const [channelId, entry] of this.entries) {
      const ends = lastEnd(entry);
      if (ends <= now) this.entries.delete(channelId);
      else if (ends < soonest) {
        soonest = ends;
        soonestId = channelId;
      }
    }
    if (this.entries.size >= this.maxEntries && soonestId !== null) this.entries.delete(soonestId);
  }
}

/** When the last cooldown of a channel or its keys ends. */
function lastEnd(entry: Cooling): number {
  let ends = entry.until;
  if (entry.keys) for (const keyUntil of entry.keys.values()) ends = Math.max(ends, keyUntil);
  return ends;
}
