/**
 * Gemini's thinking settings per model (docs/formats.md "Upstream rules"), from Google's thinking guide
 * and as new-api clamps them (`clampThinkingBudget`):
 * - Gemini 2.5 Pro: a budget from 128 to 32,768, and thinking cannot be turned off ("Budget 0 is invalid.
 *   This model only works in thinking mode.") — 0 and smaller budgets become 128;
 * - Gemini 2.5 Flash-Lite: 0 (off) or 512 to 24,576;
 * - the other Gemini 2.5 models: 0 (off) to 24,576;
 * - -1 asks for a dynamic budget on each of them and is kept;
 * - Gemini 3 takes `thinkingLevel` (Pro: low or high; Flash also minimal and medium) and refuses a budget
 *   beside a level; thinking cannot be turned off, so a budget of 0 becomes the lowest level without
 *   thoughts in the reply. A budget alone becomes the level it amounts to.
 * The early previews of 2.5 Pro (preview-03-25, preview-05-06) took any budget and are left alone.
 */
import type { RuleNotes } from './notes.ts';

interface BudgetRange {
  min: number;
  max: number;
  /** Whether a budget of 0 turns thinking off (else it is raised to `min`). */
  canTurnOff: boolean;
}

const PRO_25: BudgetRange = { min: 128, max: 32_768, canTurnOff: false };
const FLASH_LITE_25: BudgetRange = { min: 512, max: 24_576, canTurnOff: true };
const FLASH_25: BudgetRange = { min: 1, max: 24_576, canTurnOff: true };

type ThinkingLevel = 'minimal' | 'low' | 'medium' | 'high';
const LEVEL_ORDER: readonly ThinkingLevel[] = ['minimal', 'low', 'medium', 'high'];

function baseName(model: string): string {
  return model.replace(/^models\//, '').toLowerCase();
}

/** The budget range of a Gemini 2.5 model; null for models this rule leaves alone. */
export function geminiBudgetRange(model: string): BudgetRange | null {
  const name = baseName(model);
  if (!name.startsWith('gemini-2.5-')) return null;
  if (name.startsWith('gemini-2.5-pro-preview-03-25') || name.startsWith('gemini-2.5-pro-preview-05-06'))
    return null;
  if (name.startsWith('gemini-2.5-pro')) return PRO_25;
  if (name.startsWith('gemini-2.5-flash-lite')) return FLASH_LITE_25;
  return FLASH_25;
}

/** The thinking levels a Gemini 3 model takes; null for other models. */
export function geminiThinkingLevels(model: string): readonly ThinkingLevel[] | null {
  const name = baseName(model);
  if (!/^gemini-3(?:[.-]|$)/.test(name)) return null;
  return name.includes('flash') ? LEVEL_ORDER : ['low', 'high'];
}

/** The budget a range takes for `budget` (-1, dynamic, is kept). */
export function clampThinkingBudget(range: BudgetRange, budget: number): number {
  if (budget === -1) return budget;
  if (budget <= 0) return range.canTurnOff ? 0 : range.min;
  return Math.min(range.max, Math.max(range.min, Math.round(budget)));
}

/** The level a budget amounts to (Google's guide: low ≈ up to 1K, medium ≈ 8K, high beyond). */
function levelForBudget(budget: number): ThinkingLevel {
  if (budget <= 1024) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}

/** The nearest level a model takes (the higher one when two are as near). */
function nearestLevel(level: ThinkingLevel, levels: readonly ThinkingLevel[]): ThinkingLevel {
  if (levels.includes(level)) return level;
  const wanted = LEVEL_ORDER.indexOf(level);
  let best = levels[0] as ThinkingLevel;
  for (const candidate of levels) {
    const distance = Math.abs(LEVEL_ORDER.indexOf(candidate) - wanted);
    const bestDistance = Math.abs(LEVEL_ORDER.indexOf(best) - wanted);
    if (distance < bestDistance || (distance === bestDistance && LEVEL_ORDER.indexOf(candidate) > wanted))
      best = candidate;
  }
  return best;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The key a Gemini body spells a field with (camelCase, or the snake_case of Google's REST samples). */
function keyOf(record: Record<string, unknown>, camel: string, snake: string): string {
  return record[camel] === undefined && record[snake] !== undefined ? snake : camel;
}

function levelRules(
  config: Record<string, unknown>,
  levels: readonly ThinkingLevel[],
  notes: RuleNotes,
): void {
  const budgetKey = keyOf(config, 'thinkingBudget', 'thinking_budget');
  const levelKey = keyOf(config, 'thinkingLevel', 'thinking_level');
  const budget = config[budgetKey];
  if (typeof config[levelKey] === 'string') {
    const level = (config[levelKey] as string).toLowerCase() as ThinkingLevel;
    if (LEVEL_ORDER.includes(level)) {
      const taken = nearestLevel(level, levels);
      if (taken !== level) {
        notes.changed(levelKey, config[levelKey], taken);
        config[levelKey] = taken;
      }
    }
    if (budget !== undefined) {
      delete config[budgetKey];
      notes.dropped(budgetKey);
    }
    return;
  }
  if (typeof budget !== 'number') return;
  delete config[budgetKey];
  if (budget === -1) {
    notes.dropped(budgetKey);
    return;
  }
  const level = budget <= 0 ? (levels[0] as ThinkingLevel) : nearestLevel(levelForBudget(budget), levels);
  config[levelKey] = level;
  notes.changed(budgetKey, budget, `${levelKey} ${level}`);
  if (budget <= 0) {
    const includeKey = keyOf(config, 'includeThoughts', 'include_thoughts');
    config[includeKey] = false;
  }
}

/** A Gemini generateContent body for `model`, its thinking settings within what the model takes. */
export function geminiRules(body: Record<string, unknown>, model: string, notes: RuleNotes): void {
  const configKey = keyOf(body, 'generationConfig', 'generation_config');
  const generation = body[configKey];
  if (!isRecord(generation)) return;
  const thinkingKey = keyOf(generation, 'thinkingConfig', 'thinking_config');
  const thinking = generation[thinkingKey];
  if (!isRecord(thinking)) return;
  const levels = geminiThinkingLevels(model);
  const range = levels ? null : geminiBudgetRange(model);
  if (!levels && !range) return;
  const config = { ...thinking };
  if (levels) levelRules(config, levels, notes);
  else if (range) {
    const budgetKey = keyOf(config, 'thinkingBudget', 'thinking_budget');
    const budget = config[budgetKey];
    if (typeof budget === 'number') {
      const clamped = clampThinkingBudget(range, budget);
      if (clamped !== budget) {
        notes.changed(budgetKey, budget, clamped);
        config[budgetKey] = clamped;
      }
    }
  }
  body[configKey] = { ...generation, [thinkingKey]: config };
}
