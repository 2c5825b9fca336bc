/**
 * The models each channel type offers, for the channel form's model picker (GET /api/models returns
 * channel type → model names; GET /api/channel/models the union): the `models` of each entry of
 * common/channel-types.ts. Operators may add any other name.
 */
import { CHANNEL_TYPES } from '../../../../common/channel-types.ts';

export function modelsByChannelType(): Record<number, string[]> {
  return Object.fromEntries(
    CHANNEL_TYPES.filter((entry) => entry.models).map((entry) => [entry.id, [...entry.models!]]),
  );
}

export function allKnownModels(): string[] {
  return [...new Set(CHANNEL_TYPES.flatMap((entry) => entry.models ?? []))].sort();
}
