/**
 * The rows of the group-limit and model-limit tables (./LimitRowsEditor.tsx) and the options they are
 * saved to (server/src/options/catalogue-traffic.ts):
 * `traffic_setting.group_limits` = `{ "<group>": LimitSet }` and
 * `traffic_setting.model_limits` = `{ "<group>": { "<model>": LimitSet } }` (common/traffic-limits.ts).
 * Each row's limits are held and checked as the token and user forms hold theirs
 * (components/limit-fields-rules.ts: the same parseLimitSet the server runs).
 */
import type { QuotaDisplaySettings } from '../../../../../common/quota-format.ts';
import type { LimitSet } from '../../../../../common/traffic-limits.ts';
import {
  countOfLimits,
  DEFAULT_PERIOD,
  DEFAULT_TIME_ZONE,
  type LimitFormValues,
  limitFormValues,
  limitSetFromForm,
  problemMessage,
} from '../../../components/limit-fields-rules.ts';
import { isPlainObject, pairName, type RowProblem, readStoredObject, repeatedRows } from './draft-rows.ts';

/** `group`: one limit set per user group; `model`: one per model within a group. */
export type LimitScope = 'group' | 'model';

export const LIMIT_OPTION_KEYS: Record<LimitScope, string> = {
  group: 'traffic_setting.group_limits',
  model: 'traffic_setting.model_limits',
};

export interface LimitRow {
  id: number;
  group: string;
  /** Empty in the group scope. */
  model: string;
  limits: LimitFormValues;
}

export interface LimitRows {
  rows: LimitRow[];
  /** The stored text was not a JSON object: the table starts empty and a save replaces it. */
  unreadable: boolean;
}

function storedLimits(value: unknown): LimitSet | null {
  return isPlainObject(value) ? (value as LimitSet) : null;
}

/** The table's rows of a stored option, in stored order. */
export function limitRowsOf(
  scope: LimitScope,
  stored: string | undefined,
  settings: QuotaDisplaySettings,
): LimitRows {
  const { value, unreadable } = readStoredObject(stored);
  const rows: LimitRow[] = [];
  const add = (group: string, model: string, limits: unknown) =>
    rows.push({ id: rows.length + 1, group, model, limits: limitFormValues(storedLimits(limits), settings) });
  for (const [group, entry] of Object.entries(value)) {
    if (scope === 'group') add(group, '', entry);
    else if (isPlainObject(entry))
      for (const [model, limits] of Object.entries(entry)) add(group, model, limits);
  }
  return { rows, unreadable };
}

/** A new empty row. */
export function emptyLimitRow(id: number, settings: QuotaDisplaySettings): LimitRow {
  return { id, group: '', model: '', limits: limitFormValues(null, settings) };
}

/** The set as stored: the default period and time zone are left out, as an untouched stored set has them. */
function compactLimits(limits: LimitSet): LimitSet {
  const compact: LimitSet = { ...limits };
  if (compact.budget_period === DEFAULT_PERIOD || compact.budget === undefined) delete compact.budget_period;
  if (compact.timezone === DEFAULT_TIME_ZONE) delete compact.timezone;
  return compact;
}

/** Every problem of the rows: names missing or repeated, a limit refused by parseLimitSet, nothing limited. */
export function limitRowProblems(
  scope: LimitScope,
  rows: readonly LimitRow[],
  settings: QuotaDisplaySettings,
): RowProblem[] {
  const problems: RowProblem[] = [];
  rows.forEach((row, index) => {
    const at = index + 1;
    if (row.group.trim() === '') problems.push({ row: at, key: 'traffic.problem.groupRequired' });
    if (scope === 'model' && row.model.trim() === '')
      problems.push({ row: at, key: 'traffic.problem.modelRequired' });
    const checked = limitSetFromForm(row.limits, settings);
    if (!checked.ok) {
      const message = problemMessage(checked.problem);
      problems.push({ row: at, key: message.key, fieldKey: message.field });
    } else if (countOfLimits(checked.limits) === 0) {
      problems.push({ row: at, key: 'traffic.problem.noLimits' });
    }
  });
  const names = rows.map((row) => (scope === 'group' ? row.group.trim() : pairName(row.group, row.model)));
  for (const at of repeatedRows(names)) {
    const row = rows[at - 1] as LimitRow;
    problems.push(
      scope === 'group'
        ? { row: at, key: 'traffic.problem.duplicateGroup', values: { group: row.group.trim() } }
        : {
            row: at,
            key: 'traffic.problem.duplicateModel',
            values: { group: row.group.trim(), model: row.model.trim() },
          },
    );
  }
  return problems.sort((left, right) => left.row - right.row);
}

/** The option text of rows without problems (compact JSON, rows in table order). */
export function limitRowsValue(
  scope: LimitScope,
  rows: readonly LimitRow[],
  settings: QuotaDisplaySettings,
): string {
  const result: Record<string, LimitSet | Record<string, LimitSet>> = {};
  for (const row of rows) {
    const checked = limitSetFromForm(row.limits, settings);
    if (!checked.ok) continue;
    const limits = compactLimits(checked.limits);
    const group = row.group.trim();
    if (scope === 'group') {
      result[group] = limits;
    } else {
      const models = (result[group] ?? {}) as Record<string, LimitSet>;
      models[row.model.trim()] = limits;
      result[group] = models;
    }
  }
  return JSON.stringify(result);
}
