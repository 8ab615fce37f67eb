import { type Placeholder, sql } from "drizzle-orm";

/** Each value a placeholder, a null kept as null. */
export type Bound<T> = { [K in keyof T]: null extends T[K] ? Placeholder | null : Placeholder };

/**
 * A row's values as placeholders for a statement prepared once (`preparedOnce`), and the values to
 * run it with: `prefix` keeps the names of several rows of one statement apart. A value left
 * undefined is left out, as Drizzle leaves it out of an INSERT (the column's default), and a null is
 * written into the statement as NULL (Drizzle would hand a null placeholder to the column's encoder);
 * `shape` says which, so a statement's name can tell such variants apart.
 */
export function boundValues<T extends Record<string, unknown>>(prefix: string, row: T) {
  const placeholders: Record<string, Placeholder | null> = {};
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (value === null) {
      placeholders[key] = null;
      shape.push(`${key}=null`);
      continue;
    }
    placeholders[key] = sql.placeholder(`${prefix}${key}`);
    values[`${prefix}${key}`] = value;
    shape.push(key);
  }
  return { placeholders: placeholders as Bound<T>, values, shape: shape.join(",") };
}

const variants = new Map<string, string>();

/**
 * A statement name for one variant of a statement (`shape` says which columns it writes): short
 * enough for Postgres (63 bytes), the same for the same variant throughout the process.
 */
export function variantName(base: string, shape: string): string {
  const key = `${base}\n${shape}`;
  let name = variants.get(key);
  if (name === undefined) {
    name = `${base}_${variants.size + 1}`;
    variants.set(key, name);
  }
  return name;
}
