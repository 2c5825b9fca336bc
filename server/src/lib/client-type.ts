/** What kind of client made a call, from its User-Agent (for the upstream detection view). */
const rules: [RegExp, string][] = [
  [/OpenAI\/JS/i, 'openai-node'],
  [/OpenAI\/Python/i, 'openai-python'],
  [/Anthropic\/(JS|Python)/i, 'anthropic-sdk'],
  [/langchain/i, 'langchain'],
  [/^curl\//i, 'curl'],
  [/python-requests|aiohttp|httpx/i, 'python-http'],
  [/Go-http-client/i, 'go-http'],
  [/axios|node-fetch|undici|node/i, 'node-http'],
  [/okhttp|Java\//i, 'java-http'],
  [/Mozilla\//i, 'browser'],
];

/** Answers per User-Agent (a deployment sees few): up to ten patterns are not tried on every call. */
const known = new Map<string, string>();
const KNOWN_LIMIT = 256;

export function clientTypeOf(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown';
  let type = known.get(userAgent);
  if (type === undefined) {
    type = rules.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'other';
    if (known.size >= KNOWN_LIMIT) known.clear();
    known.set(userAgent, type);
  }
  return type;
}
