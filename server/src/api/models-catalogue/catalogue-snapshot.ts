/**
 * The catalogue as the price list reads it: every live vendor and enabled model entry, held in memory
 * and reloaded after a change made here or when older than RELOAD_AFTER_MS (another instance's changes),
 * so GET /api/pricing does not read the database on each call.
 */
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { NameRule } from './schemas.ts';

export type VendorRow = Selectable<Database['vendors']>;
export type ModelMetaRow = Selectable<Database['models']>;

const RELOAD_AFTER_MS = 30_000;

export interface CatalogueSnapshot {
  vendors: VendorRow[];
  vendorsById: Map<number, VendorRow>;
  /** Enabled entries matched by exact name. */
  exact: Map<string, ModelMetaRow>;
  /** Enabled entries with a prefix, contains or suffix rule, in id order. */
  ruled: ModelMetaRow[];
}

interface Held {
  snapshot: CatalogueSnapshot;
  loadedAt: number;
}

const held = new WeakMap<AppContext, Held>();
const loading = new WeakMap<AppContext, Promise<CatalogueSnapshot>>();
/** Bumped by every change: a load that started before a change is used by its callers but not kept. */
const generations = new WeakMap<AppContext, number>();

async function load(context: AppContext): Promise<CatalogueSnapshot> {
  const db = context.database.db;
  const [vendors, models] = await Promise.all([
    db.selectFrom('vendors').selectAll().where('deleted_at', 'is', null).orderBy('id').execute(),
    db
      .selectFrom('models')
      .selectAll()
      .where('deleted_at', 'is', null)
      .where('status', '=', 1)
      .orderBy('id')
      .execute(),
  ]);
  const exact = new Map<string, ModelMetaRow>();
  const ruled: ModelMetaRow[] = [];
  for (const row of models) {
    if ((row.name_rule ?? NameRule.exact) === NameRule.exact) {
      if (!exact.has(row.model_name)) exact.set(row.model_name, row);
    } else ruled.push(row);
  }
  return { vendors, vendorsById: new Map(vendors.map((vendor) => [vendor.id, vendor])), exact, ruled };
}

/** The current snapshot, loaded once per RELOAD_AFTER_MS (concurrent callers share one load). */
export async function catalogueSnapshot(context: AppContext): Promise<CatalogueSnapshot> {
  const current = held.get(context);
  if (current && Date.now() - current.loadedAt < RELOAD_AFTER_MS) return current.snapshot;
  const pending = loading.get(context);
  if (pending) return pending;
  const generation = generations.get(context) ?? 0;
  const started: Promise<CatalogueSnapshot> = load(context).finally(() => {
    if (loading.get(context) === started) loading.delete(context);
  });
  loading.set(context, started);
  const snapshot = await started;
  if ((generations.get(context) ?? 0) === generation) held.set(context, { snapshot, loadedAt: Date.now() });
  return snapshot;
}

/** Called after every catalogue change made through this instance. */
export function forgetCatalogueSnapshot(context: AppContext): void {
  generations.set(context, (generations.get(context) ?? 0) + 1);
  held.delete(context);
  loading.delete(context);
}

/** Whether a rule entry (prefix, contains, suffix) matches a served model's name. */
export function ruleMatches(entry: Pick<ModelMetaRow, 'model_name' | 'name_rule'>, model: string): boolean {
  switch (entry.name_rule) {
    case NameRule.prefix:
      return model.startsWith(entry.model_name);
    case NameRule.contains:
      return model.includes(entry.model_name);
    case NameRule.suffix:
      return model.endsWith(entry.model_name);
    default:
      return model === entry.model_name;
  }
}

/** The catalogue entry describing `model`: its exact entry, else the first rule entry that matches. */
export function metadataFor(snapshot: CatalogueSnapshot, model: string): ModelMetaRow | undefined {
  return snapshot.exact.get(model) ?? snapshot.ruled.find((entry) => ruleMatches(entry, model));
}
