/** Channel type → adaptor. Native-format providers register here as they are added. */

import { claudeAdaptor } from './claude/index.ts';
import { openAiCompatibleTypes } from './openai-compatible/configs.ts';
import { openAiCompatibleAdaptor } from './openai-compatible/index.ts';
import type { ProviderAdaptor } from './types.ts';

const adaptors = new Map<number, ProviderAdaptor>();
for (const type of openAiCompatibleTypes) adaptors.set(type, openAiCompatibleAdaptor);
adaptors.set(14, claudeAdaptor);

export function adaptorFor(channelType: number): ProviderAdaptor | undefined {
  return adaptors.get(channelType);
}
