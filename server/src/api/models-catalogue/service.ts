/**
 * The model catalogue's administration (docs/model-catalogue.md): vendors and model metadata in new-api's
 * `vendors` and `models` tables, soft-deleted as new-api's GORM does, names unique among live rows.
 */
import { type Kysely, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { insertReturningId } from '../../db/insert.ts';
import { containsText } from '../../db/like.ts';
import { deletedAtNow } from '../../db/soft-delete.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Paging } from '../reply.ts';
import {
  forgetCatalogueSnapshot,
  type ModelMetaRow,
  ruleMatches,
  type VendorRow,
} from './catalogue-snapshot.ts';
import './messages.ts';
import { type ModelInput, NameRule, type VendorInput } from './schemas.ts';

const now = () => Math.floor(Date.now() / 1000);

export type VendorView = VendorRow & { model_count: number };
export type ModelView = Omit<ModelMetaRow, 'deleted_at'> & {
  enable_groups: string[];
  matched_models?: string[];
  matched_count?: number;
};

export interface CataloguePage<View> {
  items: View[];
  total: number;
  page: number;
  page_size: number;
}

async function vendorModelCounts(context: AppContext): Promise<Record<number, number>> {
  const rows = await context.database.db
    .selectFrom('models')
    .select(['vendor_id', (builder) => builder.fn.countAll<number>().as('count')])
    .where('deleted_at', 'is', null)
    .groupBy('vendor_id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.vendor_id ?? 0, Number(row.count)]));
}

// ---- vendors --------------------------------------------------------------------------------------

export async function listVendors(
  context: AppContext,
  keyword: string,
  paging: Paging,
): Promise<CataloguePage<VendorView>> {
  let query = context.database.db.selectFrom('vendors').where('deleted_at', 'is', null);
  if (keyword)
    query = query.where((eb) => eb.or([containsText('name', keyword), containsText('description', keyword)]));
  const [rows, counted, counts] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(paging.pageSize).offset(paging.offset).execute(),
    query.select((builder) => builder.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    vendorModelCounts(context),
  ]);
  return {
    items: rows.map((row) => ({ ...row, model_count: counts[row.id] ?? 0 })),
    total: Number(counted.total),
    page: paging.page,
    page_size: paging.pageSize,
  };
}

/** The catalogue's two tables, read and checked the same way (soft-deleted rows are gone). */
type CatalogueTable = 'vendors' | 'models';

// biome-ignore lint/suspicious/noExplicitAny: one query over either catalogue table; rows are typed by the callers.
const tablesOf = (context: AppContext) => context.database.db as unknown as Kysely<any>;

/** A row of `table` that is not soft-deleted, or 404. */
async function liveRow<Row>(context: AppContext, table: CatalogueTable, id: number): Promise<Row> {
  const row = await tablesOf(context)
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound(table === 'vendors' ? 'catalogue.vendor_not_found' : 'catalogue.model_not_found');
  return row as Row;
}

/** Refuses a name another live row of `table` already has. */
async function refuseTakenName(
  context: AppContext,
  table: CatalogueTable,
  column: 'name' | 'model_name',
  name: string,
  id: number,
): Promise<void> {
  const clash = await tablesOf(context)
    .selectFrom(table)
    .select('id')
    .where(column, '=', name)
    .where('id', '<>', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (clash)
    throw badRequest(table === 'vendors' ? 'catalogue.vendor_name_taken' : 'catalogue.model_name_taken', {
      name,
    });
}

const liveVendor = (context: AppContext, id: number) => liveRow<VendorRow>(context, 'vendors', id);

export async function getVendor(context: AppContext, id: number): Promise<VendorView> {
  const row = await liveVendor(context, id);
  return { ...row, model_count: (await vendorModelCounts(context))[id] ?? 0 };
}

export async function createVendor(context: AppContext, input: VendorInput): Promise<VendorRow> {
  await refuseTakenName(context, 'vendors', 'name', input.name, 0);
  const time = now();
  const id = await insertReturningId(context.database.db, context.database.dialect, 'vendors', {
    name: input.name,
    description: input.description ?? '',
    icon: input.icon ?? '',
    status: input.status ?? 1,
    created_time: time,
    updated_time: time,
  });
  forgetCatalogueSnapshot(context);
  return liveVendor(context, id);
}

export async function updateVendor(context: AppContext, input: VendorInput): Promise<VendorRow> {
  if (!input.id) throw badRequest('catalogue.id_required');
  await liveVendor(context, input.id);
  await refuseTakenName(context, 'vendors', 'name', input.name, input.id);
  await context.database.db
    .updateTable('vendors')
    .set({
      name: input.name,
      description: input.description ?? '',
      icon: input.icon ?? '',
      status: input.status ?? 1,
      updated_time: now(),
    })
    .where('id', '=', input.id)
    .execute();
  forgetCatalogueSnapshot(context);
  return liveVendor(context, input.id);
}

export async function deleteVendor(context: AppContext, id: number): Promise<void> {
  await liveVendor(context, id);
  await context.database.db
    .updateTable('vendors')
    .set({ deleted_at: deletedAtNow(context.database.dialect) })
    .where('id', '=', id)
    .execute();
  forgetCatalogueSnapshot(context);
}

// ---- models ---------------------------------------------------------------------------------------

/** Groups and matched served models of an entry, from the channel cache (no database read). */
function toModelView(row: ModelMetaRow, groupsByModel: Map<string, string[]>): ModelView {
  const { deleted_at: _deleted, ...fields } = row;
  if ((row.name_rule ?? NameRule.exact) === NameRule.exact)
    return { ...fields, enable_groups: [...(groupsByModel.get(row.model_name) ?? [])].sort() };
  const matched = [...groupsByModel.keys()].filter((model) => ruleMatches(row, model)).sort();
  const groups = new Set(matched.flatMap((model) => groupsByModel.get(model) ?? []));
  return {
    ...fields,
    enable_groups: [...groups].sort(),
    matched_models: matched,
    matched_count: matched.length,
  };
}

export interface ModelFilter {
  keyword: string;
  /** A vendor id, or text matched against vendor names. */
  vendor: string;
  status?: number;
}

export async function listModels(
  context: AppContext,
  filter: ModelFilter,
  paging: Paging,
): Promise<CataloguePage<ModelView> & { vendor_counts: Record<number, number> }> {
  const db = context.database.db;
  let query = db.selectFrom('models').where('models.deleted_at', 'is', null);
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where((eb) =>
      eb.or([
        containsText('models.model_name', keyword),
        containsText('models.description', keyword),
        containsText('models.tags', keyword),
      ]),
    );
  }
  if (filter.status !== undefined) query = query.where('models.status', '=', filter.status);
  if (filter.vendor) {
    const vendor = filter.vendor;
    if (/^\d+$/.test(vendor)) query = query.where('models.vendor_id', '=', Number(vendor));
    else {
      // Vendors are few: matched here, case-insensitively on every database.
      const wanted = vendor.toLowerCase();
      const vendors = await db
        .selectFrom('vendors')
        .select(['id', 'name'])
        .where('deleted_at', 'is', null)
        .execute();
      const ids = vendors.filter((row) => row.name.toLowerCase().includes(wanted)).map((row) => row.id);
      query = ids.length > 0 ? query.where('models.vendor_id', 'in', ids) : query.where(sql<boolean>`1 = 0`);
    }
  }
  const [rows, counted, counts] = await Promise.all([
    query
      .selectAll('models')
      .orderBy('models.id', 'desc')
      .limit(paging.pageSize)
      .offset(paging.offset)
      .execute(),
    query.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    vendorModelCounts(context),
  ]);
  const groupsByModel = context.channelCache.groupsByModel();
  return {
    items: rows.map((row) => toModelView(row, groupsByModel)),
    total: Number(counted.total),
    page: paging.page,
    page_size: paging.pageSize,
    vendor_counts: counts,
  };
}

const liveModel = (context: AppContext, id: number) => liveRow<ModelMetaRow>(context, 'models', id);

export async function getModel(context: AppContext, id: number): Promise<ModelView> {
  return toModelView(await liveModel(context, id), context.channelCache.groupsByModel());
}

async function checkModelInput(context: AppContext, input: ModelInput, id: number): Promise<void> {
  await refuseTakenName(context, 'models', 'model_name', input.model_name, id);
  if (input.vendor_id)
    await liveVendor(context, input.vendor_id).catch(() => {
      throw badRequest('catalogue.vendor_missing', { id: input.vendor_id ?? 0 });
    });
}

function modelFields(input: ModelInput) {
  return {
    model_name: input.model_name,
    description: input.description ?? '',
    icon: input.icon ?? '',
    tags: input.tags ?? '',
    vendor_id: input.vendor_id ?? 0,
    endpoints: input.endpoints ?? '',
    context_length: input.context_length ?? 0,
    max_output_tokens: input.max_output_tokens ?? 0,
    knowledge_cutoff: input.knowledge_cutoff ?? '',
    release_date: input.release_date ?? '',
    parameter_count: input.parameter_count ?? '',
    input_modalities: input.input_modalities ?? '',
    output_modalities: input.output_modalities ?? '',
    status: input.status ?? 1,
    sync_official: input.sync_official ?? 1,
    name_rule: input.name_rule ?? NameRule.exact,
  };
}

export async function createModel(context: AppContext, input: ModelInput): Promise<ModelView> {
  await checkModelInput(context, input, 0);
  const time = now();
  const id = await insertReturningId(context.database.db, context.database.dialect, 'models', {
    ...modelFields(input),
    created_time: time,
    updated_time: time,
  });
  forgetCatalogueSnapshot(context);
  return getModel(context, id);
}

export async function updateModel(context: AppContext, input: ModelInput): Promise<ModelView> {
  if (!input.id) throw badRequest('catalogue.id_required');
  await liveModel(context, input.id);
  await checkModelInput(context, input, input.id);
  await context.database.db
    .updateTable('models')
    .set({ ...modelFields(input), updated_time: now() })
    .where('id', '=', input.id)
    .execute();
  forgetCatalogueSnapshot(context);
  return getModel(context, input.id);
}

export async function setModelStatus(context: AppContext, id: number, status: number): Promise<ModelView> {
  await liveModel(context, id);
  await context.database.db
    .updateTable('models')
    .set({ status, updated_time: now() })
    .where('id', '=', id)
    .execute();
  forgetCatalogueSnapshot(context);
  return getModel(context, id);
}

export async function deleteModel(context: AppContext, id: number): Promise<void> {
  await liveModel(context, id);
  await context.database.db
    .updateTable('models')
    .set({ deleted_at: deletedAtNow(context.database.dialect) })
    .where('id', '=', id)
    .execute();
  forgetCatalogueSnapshot(context);
}

/** Served models (with a channel) that have no catalogue entry, exact or by rule: new-api's /api/models/missing. */
export async function missingModels(context: AppContext): Promise<string[]> {
  const rows = await context.database.db
    .selectFrom('models')
    .select(['model_name', 'name_rule'])
    .where('deleted_at', 'is', null)
    .execute();
  const exact = new Set(
    rows.filter((row) => (row.name_rule ?? 0) === NameRule.exact).map((row) => row.model_name),
  );
  const ruled = rows.filter((row) => (row.name_rule ?? 0) !== NameRule.exact);
  return [...context.channelCache.groupsByModel().keys()]
    .filter((model) => !exact.has(model) && !ruled.some((row) => ruleMatches(row, model)))
    .sort();
}
