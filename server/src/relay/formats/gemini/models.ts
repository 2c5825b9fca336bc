/** Gemini reply shapes the gateway builds itself: the models list and countTokens. */

export interface GeminiModelEntry {
  name: string;
  baseModelId: string;
  displayName: string;
  supportedGenerationMethods: string[];
}

const CHAT_METHODS = ['generateContent', 'streamGenerateContent', 'countTokens'];
const EMBEDDING_METHODS = ['embedContent', 'batchEmbedContents'];

/** `GET /v1beta/models`: `{models: [{name: "models/<id>", …}]}` for the given model ids. */
export function geminiModelsReply(ids: readonly string[]): { models: GeminiModelEntry[] } {
  return {
    models: ids.map((id) => ({
      name: `models/${id}`,
      baseModelId: id,
      displayName: id,
      supportedGenerationMethods: /embed/i.test(id) ? [...EMBEDDING_METHODS] : [...CHAT_METHODS],
    })),
  };
}

/** `POST /v1beta/models/<model>:countTokens` reply. */
export function geminiCountTokensReply(totalTokens: number): { totalTokens: number } {
  return { totalTokens: Math.max(0, Math.round(totalTokens)) };
}
