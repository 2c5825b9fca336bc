/**
 * The price sync dialog's table (docs/model-catalogue.md "Price sync"): the server's differences as one
 * row per model and field, each source's proposal, and the changes sent for the rows the operator ticks.
 */

export type SyncField = 'model_ratio' | 'completion_ratio' | 'cache_ratio' | 'model_price';

export interface DifferenceItem {
  current: number | null;
  upstreams: Record<string, number | 'same' | null>;
  confidence: Record<string, boolean>;
}

export type Differences = Record<string, Partial<Record<SyncField, DifferenceItem>>>;

export interface SyncRow {
  key: string;
  model: string;
  field: SyncField;
  current: number | null;
  /** Sources proposing a different value, in the server's order. */
  proposals: { source: string; value: number; confident: boolean }[];
}

const FIELD_ORDER: SyncField[] = ['model_ratio', 'completion_ratio', 'cache_ratio', 'model_price'];

export function syncRows(differences: Differences): SyncRow[] {
  const rows: SyncRow[] = [];
  for (const model of Object.keys(differences).sort()) {
    for (const field of FIELD_ORDER) {
      const item = differences[model]?.[field];
      if (!item) continue;
      const proposals = Object.entries(item.upstreams).flatMap(([source, value]) =>
        typeof value === 'number' ? [{ source, value, confident: item.confidence[source] !== false }] : [],
      );
      if (proposals.length > 0)
        rows.push({ key: `${model}\u0000${field}`, model, field, current: item.current, proposals });
    }
  }
  return rows;
}

/** The source whose value a row takes when the operator has not chosen: the first confident one. */
export function defaultSource(row: SyncRow): string {
  return (row.proposals.find((proposal) => proposal.confident) ?? row.proposals[0])?.source ?? '';
}

/** The body of POST /api/ratio_sync/apply for the ticked rows, each with its chosen (or default) source. */
export function syncChanges(
  rows: readonly SyncRow[],
  ticked: ReadonlySet<string>,
  chosen: Readonly<Record<string, string>>,
): Record<string, Partial<Record<SyncField, number>>> {
  const changes: Record<string, Partial<Record<SyncField, number>>> = {};
  for (const row of rows) {
    if (!ticked.has(row.key)) continue;
    const source = chosen[row.key] ?? defaultSource(row);
    const proposal = row.proposals.find((candidate) => candidate.source === source);
    if (!proposal) continue;
    const fields = changes[row.model] ?? {};
    fields[row.field] = proposal.value;
    changes[row.model] = fields;
  }
  return changes;
}
