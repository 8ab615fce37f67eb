import { getTableColumns, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";

/**
 * Rows handed to the database as JSON, for a function that writes them (`insert_json_rows` of
 * migration 0009): Drizzle's values keyed by column name. A value left undefined is left out (the
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
