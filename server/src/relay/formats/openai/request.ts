/**
 * Reading what the relay needs from an OpenAI-format client request: the token budget and the
 * text it carries (for sensitive-word checks and prompt-token estimates). Tolerant of shapes the
 * edge validation let through; never throws.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tokenBudget(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

/** The completion budget: max_completion_tokens, else max_tokens; undefined when neither is a number. */
export function readMaxTokens(request: {
  max_tokens?: unknown;
  max_completion_tokens?: unknown;
}): number | undefined {
  return tokenBudget(request.max_completion_tokens) ?? tokenBudget(request.max_tokens);
}

/** The text of string content or of `text` parts (other parts — images, audio, files — carry none). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const texts: string[] = [];
  for (const part of content) {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  }
  return texts.join('\n');
}

/** The text of every message of a chat request, one message per line (empty messages skipped). */
export function messagesText(request: { messages?: unknown }): string {
  if (!Array.isArray(request.messages)) return '';
  const texts: string[] = [];
  for (const message of request.messages) {
    if (!isRecord(message)) continue;
    const text = contentText(message.content);
    if (text !== '') texts.push(text);
  }
  return texts.join('\n');
}

function stringsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value.filter((item): item is string => typeof item === 'string').join('\n');
}

/** The prompt of a legacy completions request (token-array prompts carry no text). */
export function promptText(request: { prompt?: unknown }): string {
  return stringsText(request.prompt);
}

/** The input of an embeddings or moderations request: strings, or moderation `text` parts. */
export function inputText(request: { input?: unknown }): string {
  const input = request.input;
  if (Array.isArray(input) && input.some(isRecord)) return contentText(input);
  return stringsText(input);
}
