/** Channel type → adaptor. Native-format providers register here as they are added. */

import { taskChannelTypes } from '../../../../common/channel-types.ts';
import { aiProxyLibraryAdaptor } from './aiproxy/index.ts';
import { aliAdaptor } from './ali/index.ts';
import { baiduAdaptor } from './baidu/index.ts';
import { bedrockAdaptor } from './bedrock/index.ts';
import { claudeAdaptor } from './claude/index.ts';
import { difyAdaptor } from './dify/index.ts';
import { geminiAdaptor } from './gemini/index.ts';
import { hunyuanAdaptor } from './hunyuan/index.ts';
import { ollamaAdaptor, speaksOpenAiCompatible } from './ollama/index.ts';
import { openAiCompatibleTypes } from './openai-compatible/configs.ts';
import { openAiAdaptor, openAiCompatibleAdaptor } from './openai-compatible/index.ts';
import { palmAdaptor } from './palm/index.ts';
import { sparkAdaptor } from './spark/index.ts';
import type { ProviderAdaptor } from './types.ts';
import { vertexAdaptor } from './vertex/index.ts';
import { zhipuV3Adaptor } from './zhipu/index.ts';

const adaptors = new Map<number, ProviderAdaptor>();
for (const type of openAiCompatibleTypes) adaptors.set(type, openAiCompatibleAdaptor);
adaptors.set(1, openAiAdaptor);
adaptors.set(33, bedrockAdaptor);
adaptors.set(14, claudeAdaptor);
adaptors.set(15, baiduAdaptor);
adaptors.set(17, aliAdaptor);
adaptors.set(16, zhipuV3Adaptor);
adaptors.set(18, sparkAdaptor);
adaptors.set(23, hunyuanAdaptor);
adaptors.set(24, geminiAdaptor);
adaptors.set(41, vertexAdaptor);
adaptors.set(37, difyAdaptor);
adaptors.set(11, palmAdaptor);

/** The adaptor of a channel type (what checks its key and `other` field at save). */
export function adaptorFor(channelType: number): ProviderAdaptor | undefined {
  return adaptors.get(channelType);
}

/**
 * The adaptor that serves a channel: its type's, except where the base URL chooses the API (an Ollama
 * whose base URL ends in /v1 is spoken to through its OpenAI-compatible API, otherwise natively; an AI
 * Proxy channel with a knowledge-base ID in `other` through its library API).
 */
export function adaptorForChannel(channel: {
  type: number;
  baseUrl: string;
  other: string;
}): ProviderAdaptor | undefined {
  if (channel.type === 4)
    return speaksOpenAiCompatible(channel.baseUrl) ? openAiCompatibleAdaptor : ollamaAdaptor;
  if (channel.type === 21 && channel.other.trim()) return aiProxyLibraryAdaptor;
  return adaptors.get(channel.type);
}

/** Whether a channel type can relay anything (a type without an adaptor is refused at save). */
export function isServedChannelType(channelType: number): boolean {
  return adaptors.has(channelType) || taskChannelTypes.has(channelType);
}
