/**
 * What the Gemini API refuses in a thinking configuration (issue 24's strict mode), with Google's error
 * shape: Gemini 2.5 Pro takes budgets from 128 to 32,768 and cannot turn thinking off; 2.5 Flash-Lite 0
 * or 512 to 24,576; the other 2.5 models 0 to 24,576 (-1 is dynamic on each); Gemini 3 takes
 * `thinkingLevel` (Pro: low or high) and refuses a budget beside a level. Written from Google's thinking
 * guide independently of the gateway's rules (server/src/relay/rules/).
 */
import type { StrictRefusal } from './openai-strict.ts';

function invalidArgument(message: string): StrictRefusal {
  return { status: 400, body: { error: { code: 400, message, status: 'INVALID_ARGUMENT' } } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function read(record: Record<string, unknown>, camel: string, snake: string): unknown {
  return record[camel] ?? record[snake];
}

function budgetRefusal(model: string, budget: number): StrictRefusal | null {
  if (budget === -1) return null;
  if (model.startsWith('gemini-2.5-pro')) {
    if (budget === 0) return invalidArgument('Budget 0 is invalid. This model only works in thinking mode.');
    if (budget < 128 || budget > 32_768)
      return invalidArgument(
        `The thinking budget ${budget} is invalid. Please choose a value between 128 and 32768.`,
      );
  } else if (model.startsWith('gemini-2.5-flash-lite')) {
    if (budget !== 0 && (budget < 512 || budget > 24_576))
      return invalidArgument(
        `The thinking budget ${budget} is invalid. Please choose a value between 512 and 24576.`,
      );
  } else if (model.startsWith('gemini-2.5-')) {
    if (budget < 0 || budget > 24_576)
      return invalidArgument(
        `The thinking budget ${budget} is invalid. Please choose a value between 0 and 24576.`,
      );
  }
  return null;
}

/** The refusal Gemini gives a generateContent body for `model`, or null when it would take it. */
export function geminiRefusal(model: string, body: Record<string, unknown>): StrictRefusal | null {
  const name = model.replace(/^models\//, '').toLowerCase();
  const generation = read(body, 'generationConfig', 'generation_config');
  const thinking = isRecord(generation) ? read(generation, 'thinkingConfig', 'thinking_config') : undefined;
  if (!isRecord(thinking)) return null;
  const budget = read(thinking, 'thinkingBudget', 'thinking_budget');
  const level = read(thinking, 'thinkingLevel', 'thinking_level');
  if (/^gemini-3/.test(name)) {
    if (budget !== undefined && level !== undefined)
      return invalidArgument('thinking_budget and thinking_level cannot be set at the same time.');
    const levels = name.includes('flash') ? ['minimal', 'low', 'medium', 'high'] : ['low', 'high'];
    if (typeof level === 'string' && !levels.includes(level.toLowerCase()))
      return invalidArgument(`Thinking level ${level} is not supported for this model.`);
    if (budget === 0) return invalidArgument('Budget 0 is invalid. This model only works in thinking mode.');
    return null;
  }
  return typeof budget === 'number' ? budgetRefusal(name, budget) : null;
}
