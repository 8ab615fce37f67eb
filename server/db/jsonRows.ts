import { getTableColumns, type InferInsertModel, type InferSelectModel, is, SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

/**
 * Rows handed to the database as JSON, for a function that writes them (`purchase_hold`,
 * `post_ledger`: db/functions/): Drizzle's values keyed by column name. A value left undefined is left out (the
 * column's default); dates become their ISO text, which the column's type reads back.
 */
export function jsonRow<T extends PgTable>(
  table: T,
  values: { [K in keyof InferInsertModel<T>]?: InferInsertModel<T>[K] },
): Record<string, unknown> {
  const columns: Record<string, { name: string }> = getTableColumns(table);
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    row[column.name] = value;
  }
  return row;
}

/** A row the database answered as JSON (`to_jsonb`), as Drizzle would have read it from the table. */
export function rowFromJson<T extends PgTable>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const columns: Record<string, { name: string; mapFromDriverValue(value: unknown): unknown }> =
    getTableColumns(table);
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
}

/** Columns the database numbers itself (`bigserial`): a whole row leaves them out. */
const numberedByDatabase = new Set(["PgBigSerial53", "PgBigSerial64", "PgSerial", "PgSmallSerial"]);

/**
 * A whole row for a database function that inserts it as it stands (`purchase_hold`, `post_ledger`:
 * `INSERT INTO t SELECT * FROM jsonb_populate_record(NULL::t, row)`): every column of the table, by
 * name, from `values` or else the column's default as Drizzle knows it, or null. The table's one
 * definition (db/schema.ts) is all either side needs. A required column with neither a value nor a
 * default Drizzle can compute is a mistake here, not a NOT NULL violation in the database.
 */
export function wholeJsonRow<T extends PgTable>(
  table: T,
  values: { [K in keyof InferInsertModel<T>]?: InferInsertModel<T>[K] },
  /** Columns the function fills in itself (the purchase's balance before and after). */
  filledByFunction: readonly (keyof InferInsertModel<T> & string)[] = [],
): Record<string, unknown> {
  const row = jsonRow(table, values);
  const columns: Record<string, PgColumn> = getTableColumns(table);
  for (const [key, column] of Object.entries(columns)) {
    if (column.name in row || numberedByDatabase.has(column.columnType)) continue;
    if ((filledByFunction as readonly string[]).includes(key)) continue;
    if (column.defaultFn) row[column.name] = column.defaultFn();
    else if (column.default !== undefined && !is(column.default, SQL)) row[column.name] = column.default;
    else if (!column.notNull) row[column.name] = null;
    else throw new Error(`${key} needs a value: the database would refuse the row`);
  }
  return row;
}
