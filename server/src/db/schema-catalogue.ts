/**
 * Tables of the model catalogue (vendors, model metadata) in new-api's tables; joined into the declared
 * schema by ./schema.ts (created or completed by ./reconcile.ts at boot like every table). Column names,
 * types and index names are new-api's (model/model_meta.go, model/vendor_meta.go), so an adopted
 * new-api database's rows are read as they are (docs/model-catalogue.md).
 */
import { column as c, defineTable, type RowOf, type TableSpec } from './column.ts';

/** A model vendor (OpenAI, Anthropic …): its icon is a @lobehub/icons name, as new-api stores it. */
export const vendorsTable = defineTable(
  'vendors',
  {
    id: c.id(),
    name: c.varchar(128),
    description: c.text().nullable(),
    icon: c.varchar(128).nullable(),
    status: c.integer().default(1),
    created_time: c.bigint().default(0),
    updated_time: c.bigint().default(0),
    deleted_at: c.timestamp().nullable(),
  },
  {
    indexes: [
      { name: 'uk_vendor_name_delete_at', columns: ['name', 'deleted_at'], unique: true },
      { columns: ['deleted_at'] },
    ],
  },
);

/**
 * A model's metadata. `name_rule` says how `model_name` matches served models (0 exact, 1 prefix,
 * 2 contains, 3 suffix); `tags` and the modalities are comma-separated; `endpoints` is JSON text.
 */
export const modelsTable = defineTable(
  'models',
  {
    id: c.id(),
    model_name: c.varchar(128),
    description: c.text().nullable(),
    icon: c.varchar(128).nullable(),
    tags: c.varchar(255).nullable(),
    vendor_id: c.integer().nullable(),
    endpoints: c.text().nullable(),
    context_length: c.integer().default(0),
    max_output_tokens: c.integer().default(0),
    knowledge_cutoff: c.varchar(32).default(''),
    release_date: c.varchar(32).default(''),
    parameter_count: c.varchar(32).default(''),
    input_modalities: c.varchar(128).default(''),
    output_modalities: c.varchar(128).default(''),
    status: c.integer().default(1),
    sync_official: c.integer().default(1),
    name_rule: c.integer().default(0),
    created_time: c.bigint().default(0),
    updated_time: c.bigint().default(0),
    deleted_at: c.timestamp().nullable(),
  },
  {
    indexes: [
      { name: 'uk_model_name_delete_at', columns: ['model_name', 'deleted_at'], unique: true },
      { columns: ['vendor_id'] },
      { columns: ['deleted_at'] },
    ],
  },
);

/** This area's tables, in creation order. */
export const CATALOGUE_TABLES: readonly TableSpec[] = [vendorsTable, modelsTable];

/** This area's rows by table name, as ./schema.ts's Database types them (`RowOf<typeof …Table>`). */
export interface CatalogueRows {
  vendors: RowOf<typeof vendorsTable>;
  models: RowOf<typeof modelsTable>;
}
