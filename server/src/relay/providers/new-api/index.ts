/**
 * Another gateway as upstream: New API (channel type 60) and Sub2API (59). Such an upstream speaks every
 * client format itself, so each conversation passes through in the client's own format — OpenAI chat and
 * Responses by the shared OpenAI-compatible adaptor, Claude Messages by the Anthropic adaptor, Gemini by the
 * Gemini adaptor, each under the channel's base URL — and the other routes (completions, embeddings, images)
 * go as OpenAI's. The upstream's own key goes as a Bearer token on every request, and also in the header
 * the format names it in (`x-api-key` for Claude, `x-goog-api-key` for Gemini), as new-api itself sends it
 * to such an upstream. Usage is read from the upstream's reply in its format.
 */
import { claudeAdaptor } from '../claude/index.ts';
import { geminiAdaptor } from '../gemini/index.ts';
import { openAiCompatibleAdaptor } from '../openai-compatible/index.ts';
import type { ProviderAdaptor } from '../types.ts';

export const newApiUpstreamAdaptor: ProviderAdaptor = {
  name: 'new-api-upstream',
  formats: ['openai-chat', 'openai-responses', 'claude', 'gemini'],

  supportsStreamUsage: () => true,

  buildRequest(input) {
    const { channel, endpoint, format } = input;
    if (!channel.baseUrl.trim()) return null;
    // Only conversations go by format (Gemini's adaptor would turn embeddings into its embedContent).
    // The OpenAI-compatible adaptor sends the key as a Bearer token itself.
    if (endpoint !== 'chat') return openAiCompatibleAdaptor.buildRequest({ ...input, format: 'openai-chat' });
    const adaptor =
      format === 'claude' ? claudeAdaptor : format === 'gemini' ? geminiAdaptor : openAiCompatibleAdaptor;
    const request = adaptor.buildRequest(input);
    if (request) request.headers.authorization = `Bearer ${channel.key}`;
    return request;
  },
};
