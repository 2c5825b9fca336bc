import type { RowProblem } from './draft-rows.ts';

/** The console's translate function (react-i18next's t, or i18n.t). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The text of a draft's problem: "Row 2: …", or the message alone for the section as a whole. The field a
 * message names is translated into its `{{field}}`. `rowLabel` names the row in the section's own words
 * (`affinity.problem.atRule`: "Rule 2: …").
 */
export function problemText(t: Translate, problem: RowProblem, rowLabel = 'traffic.problem.atRow'): string {
  const values = problem.fieldKey ? { ...problem.values, field: t(problem.fieldKey) } : problem.values;
  const message = t(problem.key, values);
  return problem.row === 0 ? message : t(rowLabel, { row: problem.row, problem: message });
}
