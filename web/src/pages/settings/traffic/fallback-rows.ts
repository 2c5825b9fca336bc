/**
 * The rows of the fallback-chain table (./FallbackChainsEditor.tsx) and the options they are saved to
 * (server/src/options/catalogue-traffic.ts): `traffic_setting.fallback_models` =
 * `{ "<group>": { "<model>": ["<fallback>", …] } }` (at most MAX_FALLBACKS, never the model itself) and
 * `traffic_setting.fallback_reply_model`, the model name the client's reply carries.
 */
import { isPlainObject, pairName, type RowProblem, readStoredObject, repeatedRows } from './draft-rows.ts';

export const FALLBACK_MODELS_KEY = 'traffic_setting.fallback_models';
export const FALLBACK_REPLY_MODEL_KEY = 'traffic_setting.fallback_reply_model';

/** The most fallbacks one model may name, as the server checks. */
export const MAX_FALLBACKS = 5;

/** `requested`: the reply names the model the client asked for; `served`: the fallback that answered. */
export const REPLY_MODEL_CHOICES = ['requested', 'served'] as const;
export type ReplyModel = (typeof REPLY_MODEL_CHOICES)[number];

export interface FallbackRow {
  id: number;
  group: string;
  model: string;
  fallbacks: string[];
}

/** The rows of the stored chains, in stored order; a chain that is not a list of names is read as empty. */
export function fallbackRowsOf(stored: string | undefined): { rows: FallbackRow[]; unreadable: boolean } {
  const { value, unreadable } = readStoredObject(stored);
  const rows: FallbackRow[] = [];
  for (const [group, models] of Object.entries(value)) {
    if (!isPlainObject(models)) continue;
    for (const [model, chain] of Object.entries(models)) {
      const fallbacks = Array.isArray(chain) ? chain.filter((name) => typeof name === 'string') : [];
      rows.push({ id: rows.length + 1, group, model, fallbacks });
    }
  }
  return { rows, unreadable };
}

/** The stored reply-model choice; anything else (an empty option included) is the default, `requested`. */
export function replyModelOf(stored: string | undefined): ReplyModel {
  return stored === 'served' ? 'served' : 'requested';
}

function cleanChain(fallbacks: readonly string[]): string[] {
  return fallbacks.map((name) => name.trim()).filter((name) => name !== '');
}

/** Every problem: group or model missing, no fallback, too many, the model itself, a name twice, a row twice. */
export function fallbackRowProblems(rows: readonly FallbackRow[]): RowProblem[] {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    const at = index + 1;
    const model = row.model.trim();
    const chain = cleanChain(row.fallbacks);
    if (row.group.trim() === '') problems.push({ row: at, key: 'traffic.problem.groupRequired' });
    if (model === '') problems.push({ row: at, key: 'traffic.problem.modelRequired' });
    if (chain.length === 0) problems.push({ row: at, key: 'traffic.problem.fallbackRequired' });
    if (chain.length > MAX_FALLBACKS)
      problems.push({ row: at, key: 'traffic.problem.fallbackTooMany', values: { max: MAX_FALLBACKS } });
    if (model !== '' && chain.includes(model))
      problems.push({ row: at, key: 'traffic.problem.fallbackSelf', values: { model } });
    const twice = repeatedRows(chain)[0];
    if (twice !== undefined)
      problems.push({
        row: at,
        key: 'traffic.problem.fallbackRepeated',
        values: { model: chain[twice - 1] ?? '' },
      });
  });
  const names = rows.map((row) => pairName(row.group, row.model));
  for (const at of repeatedRows(names)) {
    const row = rows[at - 1] as FallbackRow;
    problems.push({
      row: at,
      key: 'traffic.problem.duplicateModel',
      values: { group: row.group.trim(), model: row.model.trim() },
    });
  }
  return problems.sort((left, right) => left.row - right.row);
}

/** The option text of rows without problems (compact JSON, rows in table order). */
export function fallbackRowsValue(rows: readonly FallbackRow[]): string {
  const result: Record<string, Record<string, string[]>> = {};
  for (const row of rows) {
    const group = row.group.trim();
    result[group] = { ...result[group], [row.model.trim()]: cleanChain(row.fallbacks) };
  }
  return JSON.stringify(result);
}
