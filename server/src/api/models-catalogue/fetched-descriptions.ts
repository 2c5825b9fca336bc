/**
 * The catalogue filled from fetched model lists (docs/model-catalogue.md "Filled from fetched model
 * lists"): when an admin fetches a channel's models, what the upstream says of them
 * (../channels/model-metadata.ts) goes into new-api's `models` rows. A model without a live row gets one;
 * a row's empty fields (no description, 0 limits, no modalities, no release date) are filled; a field an
 * operator wrote is never changed, and rows an operator keeps out of syncing (`sync_official` 0) are left
 * alone entirely.
 */
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { forgetCatalogueSnapshot, type ModelMetaRow } from './catalogue-snapshot.ts';
import { NameRule } from './schemas.ts';

/** The catalogue fields a model list can describe (the same as ../channels/model-metadata.ts ModelDescription). */
export interface FetchedDescription {
  description?: string;
  context_length?: number;
  max_output_tokens?: number;
  input_modalities?: string;
  output_modalities?: string;
  release_date?: string;
}

const FIELDS = [
  'description',
  'context_length',
  'max_output_tokens',
  'input_modalities',
  'output_modalities',
  'release_date',
] as const satisfies readonly (keyof FetchedDescription & keyof ModelMetaRow)[];

/** Rows looked up per query: well under every database's bound-parameter limit. */
const CHUNK = 500;

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === 0;
}

/** The fields of `description` that `row` leaves empty (all of them for a model without a row). */
export function missingFields(
  row: Pick<ModelMetaRow, (typeof FIELDS)[number]> | undefined,
  description: FetchedDescription,
): FetchedDescription {
  const patch: Record<string, string | number> = {};
  for (const field of FIELDS) {
    const value = description[field];
    if (value !== undefined && (!row || isEmpty(row[field]))) patch[field] = value;
  }
  return patch as FetchedDescription;
}

/** Writes what the upstream described into the catalogue; resolves to how many models were described. */
export async function describeFetchedModels(
  context: AppContext,
  descriptions: ReadonlyMap<string, FetchedDescription>,
): Promise<number> {
  const db = context.database.db;
  const names = [...descriptions.keys()];
  const rows = new Map<string, ModelMetaRow>();
  for (let start = 0; start < names.length; start += CHUNK) {
    const found = await db
      .selectFrom('models')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('model_name', 'in', names.slice(start, start + CHUNK))
      .execute();
    for (const row of found) rows.set(row.model_name, row);
  }
  const time = Math.floor(Date.now() / 1000);
  let count = 0;
  for (const [name, description] of descriptions) {
    const row = rows.get(name);
    if (row && Number(row.sync_official) === 0) continue;
    const patch = missingFields(row, description);
    if (Object.keys(patch).length === 0) continue;
    if (row) {
      await db
        .updateTable('models')
        .set({ ...patch, updated_time: time })
        .where('id', '=', row.id)
        .execute();
    } else {
      try {
        await db
          .insertInto('models')
          .values({
            model_name: name,
            description: '',
            icon: '',
            tags: '',
            vendor_id: 0,
            endpoints: '',
            ...patch,
            status: 1,
            sync_official: 1,
            name_rule: NameRule.exact,
            created_time: time,
            updated_time: time,
          })
          .execute();
      } catch (error) {
        // Created meanwhile by an operator or another fetch: theirs stands.
        if (isUniqueViolation(error)) continue;
        throw error;
      }
    }
    count += 1;
  }
  if (count > 0) forgetCatalogueSnapshot(context);
  return count;
}
