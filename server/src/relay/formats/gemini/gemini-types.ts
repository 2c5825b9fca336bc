/**
 * Loose wire types of the Gemini API (v1beta generateContent), only what the codec reads and writes, and
 * the field reader for bodies written in either JSON casing (the REST API accepts `systemInstruction` and
 * `system_instruction`, `inlineData` and `inline_data` …; Google's curl examples use snake_case).
 */
import { isRecord } from '../../canonical/helpers.ts';

export type Json = Record<string, unknown>;

export interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: { name: string; args: Json; id?: string };
  functionResponse?: { name: string; response: Json; id?: string };
}

export interface GeminiContent {
  role?: 'user' | 'model';
  parts: GeminiPart[];
}

export interface GeminiUsageMetadata {
  promptTokenCount: number;
  candidatesTokenCount: number;
  totalTokenCount: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
}

export type GeminiFinishReason = 'STOP' | 'MAX_TOKENS' | 'SAFETY';

export interface GeminiCandidate {
  content: GeminiContent;
  finishReason?: GeminiFinishReason;
  index: number;
}

export interface GeminiReplyBody {
  candidates: GeminiCandidate[];
  usageMetadata?: GeminiUsageMetadata;
  modelVersion: string;
  responseId: string;
}

export interface GeminiErrorBody {
  error: { code: number; message: string; status: string };
}

/** snake_case twins of the field names the codec reads (a small fixed set), made once each. */
const snakeNames = new Map<string, string>();

function snakeCase(name: string): string {
  let snake = snakeNames.get(name);
  if (snake === undefined) {
    snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    snakeNames.set(name, snake);
  }
  return snake;
}

/** A field read under its camelCase name or its snake_case twin. */
export function field(record: Json, name: string): unknown {
  const value = record[name];
  return value !== undefined ? value : record[snakeCase(name)];
}

/** A field that must be an object, or undefined. */
export function recordField(record: Json, name: string): Json | undefined {
  const value = field(record, name);
  return isRecord(value) ? value : undefined;
}

/** A field that must be an array, or an empty one. */
export function arrayField(record: Json, name: string): unknown[] {
  const value = field(record, name);
  return Array.isArray(value) ? value : [];
}
