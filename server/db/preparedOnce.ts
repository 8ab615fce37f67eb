import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "./database";

const prepared = new WeakMap<Database, Map<string, unknown>>();

/**
 * A fixed-shape query of the purchase path, built and prepared once per database handle and then run
 * with new values: Drizzle does not build its SQL again, and node-postgres sends it as a named prepared
 * statement (parsed and planned once per connection; PGlite takes the name but parses each time). The
 * name must be unique in the process and stand for one query. On an open transaction the query is
 * built afresh (a prepared query belongs to the handle it was made on, not to the transaction).
 */
export function preparedOnce<T>(db: Queryable, name: string, prepare: (db: Queryable, name: string) => T): T {
  if (is(db, PgTransaction)) return prepare(db, name);
  const handle = db as Database;
  let queries = prepared.get(handle);
  if (!queries) {
    queries = new Map();
    prepared.set(handle, queries);
  }
  let query = queries.get(name) as T | undefined;
  if (query === undefined) {
    query = prepare(handle, name);
    queries.set(name, query);
  }
  return query;
}
