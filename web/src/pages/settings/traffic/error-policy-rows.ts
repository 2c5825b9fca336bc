/**
 * The rows of the error-policy table (./ErrorPolicyTable.tsx): one per error class of
 * common/error-classes.ts, its stored override or its default, and the option they are saved to
 * (`traffic_setting.error_policy`, server/src/options/catalogue-traffic.ts). Only the classes that differ
 * from their default are stored, so a default the server changes later still reaches the others.
 */
import {
  COOLDOWN_FROM_RETRY_AFTER,
  DEFAULT_ERROR_POLICY,
  ERROR_ACTIONS,
  ERROR_CLASSES,
  type ErrorAction,
  type ErrorClass,
  type ErrorPolicy,
} from '../../../../../common/error-classes.ts';
import { isPlainObject, type RowProblem, readStoredObject } from './draft-rows.ts';

export const ERROR_POLICY_KEY = 'traffic_setting.error_policy';

export interface ErrorPolicyRow {
  errorClass: ErrorClass;
  action: ErrorAction;
  /** What the input holds: a whole number ≥ -1 when valid, null when emptied. */
  cooldown_seconds: number | null;
  disable: boolean;
}

/** One class's effective policy: the stored fields that are valid over the class's default. */
function effectivePolicy(errorClass: ErrorClass, stored: unknown): ErrorPolicy {
  const policy = { ...DEFAULT_ERROR_POLICY[errorClass] };
  if (!isPlainObject(stored)) return policy;
  if ((ERROR_ACTIONS as readonly unknown[]).includes(stored.action))
    policy.action = stored.action as ErrorAction;
  if (Number.isSafeInteger(stored.cooldown_seconds) && (stored.cooldown_seconds as number) >= -1)
    policy.cooldown_seconds = stored.cooldown_seconds as number;
  if (typeof stored.disable === 'boolean') policy.disable = stored.disable;
  return policy;
}

/** Every class in ERROR_CLASSES order with its effective policy. */
export function errorPolicyRowsOf(stored: string | undefined): {
  rows: ErrorPolicyRow[];
  unreadable: boolean;
} {
  const { value, unreadable } = readStoredObject(stored);
  const rows = ERROR_CLASSES.map((errorClass) => ({
    errorClass,
    ...effectivePolicy(errorClass, value[errorClass]),
  }));
  return { rows, unreadable };
}

/** The rows of the defaults, for "restore defaults". */
export function defaultErrorPolicyRows(): ErrorPolicyRow[] {
  return errorPolicyRowsOf('').rows;
}

/** A cooldown must be a whole number of seconds, -1 (the upstream's Retry-After) or more. */
export function cooldownProblem(value: unknown): string | null {
  return Number.isSafeInteger(value) && (value as number) >= COOLDOWN_FROM_RETRY_AFTER
    ? null
    : 'traffic.problem.cooldown';
}

/** The classes whose cooldown is refused, named by their label (row 0: the table's rows are the classes). */
export function errorPolicyProblems(rows: readonly ErrorPolicyRow[]): RowProblem[] {
  const problems: RowProblem[] = [];
  for (const row of rows) {
    const key = cooldownProblem(row.cooldown_seconds);
    if (key) problems.push({ row: 0, key, fieldKey: `traffic.errorPolicy.class.${row.errorClass}` });
  }
  return problems;
}

/** The option text: the classes whose policy differs from the default, in ERROR_CLASSES order. */
export function errorPolicyValue(rows: readonly ErrorPolicyRow[]): string {
  const overrides: Partial<Record<ErrorClass, ErrorPolicy>> = {};
  for (const row of rows) {
    const policy: ErrorPolicy = {
      action: row.action,
      cooldown_seconds: row.cooldown_seconds ?? 0,
      disable: row.disable,
    };
    const fallback = DEFAULT_ERROR_POLICY[row.errorClass];
    if (
      policy.action !== fallback.action ||
      policy.cooldown_seconds !== fallback.cooldown_seconds ||
      policy.disable !== fallback.disable
    )
      overrides[row.errorClass] = policy;
  }
  return JSON.stringify(overrides);
}

/** True when the rows' effective policies differ from the stored ones (a stored default is no change). */
export function errorPolicyChanged(rows: readonly ErrorPolicyRow[], stored: string | undefined): boolean {
  const before = errorPolicyRowsOf(stored);
  return before.unreadable || errorPolicyValue(before.rows) !== errorPolicyValue(rows);
}
