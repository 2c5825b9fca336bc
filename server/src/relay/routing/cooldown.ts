/**
 * Channels and keys cooling down after an upstream failure (docs/reference/routing.md).
 * SHELL — to be replaced by its implementation (helper E).
 */
export class Cooldowns {
  /** True while channel `channelId` (or its key `keyIndex`) cools down: the chooser passes it over. */
  isCooling(_channelId: number, _keyIndex?: number): boolean {
    return false;
  }
}
