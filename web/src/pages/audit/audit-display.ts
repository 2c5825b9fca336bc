/**
 * Pure pieces of the audit page (docs/audit.md): the list's query parameters and the before/after of a row
 * as one line per changed field.
 */
import { AUDIT_MASKED } from '../../../../common/api/audit.ts';

export interface AuditSearch {
  /** Unix seconds, or null for no bound. */
  start: number | null;
  end: number | null;
  username: string;
  action: string;
  target_type: string;
  target_id: string;
  outcome: string;
}

export const EMPTY_AUDIT_SEARCH: AuditSearch = {
  start: null,
  end: null,
  username: '',
  action: '',
  target_type: '',
  target_id: '',
  outcome: '',
};

export function auditListParams(
  search: AuditSearch,
  page: number,
  pageSize: number,
): Record<string, string | number> {
  const params: Record<string, string | number> = { p: page, page_size: pageSize };
  if (search.start !== null) params.start_timestamp = search.start;
  if (search.end !== null) params.end_timestamp = search.end;
  for (const field of ['username', 'action', 'target_type', 'target_id', 'outcome'] as const) {
    const value = search[field].trim();
    if (value) params[field] = value;
  }
  return params;
}

export interface DiffLine {
  field: string;
  before: string;
  after: string;
  /** One side is the masked marker: the value was a secret. */
  masked: boolean;
}

/** A value as shown: text as it is, other values as JSON, absent as an empty string. */
export function shownValue(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 1);
}

/** One line per field of either side, in the order fields first appear. */
export function diffLines(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): DiffLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const left = before?.[field];
    const right = after?.[field];
    return {
      field,
      before: shownValue(left),
      after: shownValue(right),
      masked: left === AUDIT_MASKED || right === AUDIT_MASKED,
    };
  });
}
