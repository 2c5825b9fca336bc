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

export function clientTypeOf(userAgent: string | undefined): string {
  if (!userAgent) return 'unknown';
  for (const [pattern, type] of rules) if (pattern.test(userAgent)) return type;
  return 'other';
}
