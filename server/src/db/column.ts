/**
 * A tiny declarative column builder. Table definitions in schema.ts are written once with it; the
 * reconciler turns them into DDL for SQLite, PostgreSQL and MySQL, and `RowOf` derives the Kysely row
 * types from the same definitions so that the types can never drift from the tables.
 */
import type { ColumnType, SqlBool } from 'kysely';

export type SqlType =
  | 'id'
  | 'bigint'
  | 'integer'
  | 'boolean'
  | 'text'
  | 'double'
  | 'timestamp'
  | `varchar(${number})`
  | `char(${number})`;

export interface ColumnSpec<Select = unknown, HasDefault extends boolean = boolean> {
  readonly sqlType: SqlType;
  readonly isNullable: boolean;
  readonly defaultValue: string | number | boolean | undefined;
  readonly isUnique: boolean;
  /** Phantom fields carrying the TypeScript types; never set at run time. */
  readonly selectType?: Select;
  readonly hasDefault?: HasDefault;
}

class Column<Select, HasDefault extends boolean> implements ColumnSpec<Select, HasDefault> {
  declare readonly selectType?: Select;
  declare readonly hasDefault?: HasDefault;

  constructor(
    readonly sqlType: SqlType,
    readonly isNullable = false,
    readonly defaultValue: string | number | boolean | undefined = undefined,
    readonly isUnique = false,
  ) {}

  nullable(): Column<Select | null, true> {
    return new Column(this.sqlType, true, this.defaultValue, this.isUnique);
  }

  default(value: string | number | boolean): Column<Select, true> {
    return new Column(this.sqlType, this.isNullable, value, this.isUnique);
  }

  unique(): Column<Select, HasDefault> {
    return new Column(this.sqlType, this.isNullable, this.defaultValue, true);
  }
}

export const column = {
  id: () => new Column<number, true>('id'),
  bigint: () => new Column<number, false>('bigint'),
  integer: () => new Column<number, false>('integer'),
  /** Stored as 0/1 (tinyint on MySQL, boolean on PostgreSQL); read back as SqlBool. */
  boolean: () => new Column<SqlBool, false>('boolean'),
  text: () => new Column<string, false>('text'),
  double: () => new Column<number, false>('double'),
  timestamp: () => new Column<Date | string, false>('timestamp'),
  varchar: (length: number) => new Column<string, false>(`varchar(${length})`),
  char: (length: number) => new Column<string, false>(`char(${length})`),
};

export interface IndexSpec {
  name: string;
  columns: string[];
  unique?: boolean;
}

export interface TableSpec<Columns extends Record<string, ColumnSpec> = Record<string, ColumnSpec>> {
  name: string;
  columns: Columns;
  /** Composite primary key; a single `id` column is the primary key when omitted. */
  primaryKey?: readonly string[];
  indexes: IndexSpec[];
}

export function defineTable<Columns extends Record<string, ColumnSpec>>(
  name: string,
  columns: Columns,
  options: {
    primaryKey?: (keyof Columns & string)[];
    indexes?: (Omit<IndexSpec, 'name'> & { name?: string })[];
  } = {},
): TableSpec<Columns> {
  const indexes = (options.indexes ?? []).map((index) => ({
    ...index,
    name: index.name ?? `idx_${name}_${index.columns.join('_')}`,
  }));
  // Unique columns get a unique index named the gorm way, so adopted databases already have it.
  for (const [columnName, spec] of Object.entries(columns)) {
    if (spec.isUnique)
      indexes.push({ name: `idx_${name}_${columnName}`, columns: [columnName], unique: true });
  }
  const spec: TableSpec<Columns> = { name, columns, indexes };
  if (options.primaryKey) spec.primaryKey = options.primaryKey;
  return spec;
}

/** Columns with a default (ids, nullable columns, explicit defaults) are optional on insert. */
type ColumnTypeOf<Spec> =
  Spec extends ColumnSpec<infer Select, infer HasDefault>
    ? HasDefault extends true
      ? ColumnType<Select, Select | undefined, Select>
      : Select
    : never;

/** The Kysely row type of a table definition. */
export type RowOf<Table extends TableSpec> = {
  [Key in keyof Table['columns']]: ColumnTypeOf<Table['columns'][Key]>;
};
