/**
 * How the shared OpenAI-compatible adaptor reaches a channel type: the `openAiCompatible` part of the type's
 * entry in common/channel-types.ts (docs/reference/design-principles.md, "Code layout": OpenAI-compatible
 * providers are a config object on a shared base, not a copy).
 */
import { channelType, type OpenAiCompatibleConfig } from '../../../../../common/channel-types.ts';

export type { OpenAiCompatibleConfig };

export function openAiCompatibleConfig(type: number): OpenAiCompatibleConfig | undefined {
  return channelType(type)?.openAiCompatible;
}
