/** Channel type → adaptor. Native-format providers register here as they are added. */

import { baiduAdaptor } from './baidu/index.ts';
import { bedrockAdaptor } from './bedrock/index.ts';
import { claudeAdaptor } from './claude/index.ts';
import { geminiAdaptor } from './gemini/index.ts';
import { hunyuanAdaptor } from './hunyuan/index.ts';
import { openAiCompatibleTypes } from './openai-compatible/configs.ts';
import { openAiAdaptor, openAiCompatibleAdaptor } from './openai-compatible/index.ts';
import type { ProviderAdaptor } from './types.ts';
import { vertexAdaptor } from './vertex/index.ts';
import { zhipuV3Adaptor } from './zhipu/index.ts';

const adaptors = new Map<number, ProviderAdaptor>();
for (const type of openAiCompatibleTypes) adaptors.set(type, openAiCompatibleAdaptor);
adaptors.set(1, openAiAdaptor);
adaptors.set(33, bedrockAdaptor);
adaptors.set(14, claudeAdaptor);
adaptors.set(15, baiduAdaptor);
adaptors.set(16, zhipuV3Adaptor);
adaptors.set(23, hunyuanAdaptor);
adaptors.set(24, geminiAdaptor);
adaptors.set(41, vertexAdaptor);

export function adaptorFor(channelType: number): ProviderAdaptor | undefined {
  return adaptors.get(channelType);
}

/** Whether a channel type can relay anything (a type without an adaptor is refused at save). */
export function isServedChannelType(channelType: number): boolean {
  return adaptors.has(channelType);
}
