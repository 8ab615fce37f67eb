import { type Column, ilike, or } from "drizzle-orm";

/** An ILIKE pattern matching `text` anywhere, with `%`, `_` and `\` in it taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows where any of `columns` contains `search`, case aside; no search, no condition. */
export function containedInAny(search: string | undefined, columns: readonly Column[]) {
  if (!search) return undefined;
  const like = containing(search);
  return or(...columns.map((column) => ilike(column, like)));
}
