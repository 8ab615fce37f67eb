import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Database, Queryable } from "./database";

const prepared = new WeakMap<Database, Map<string, unknown>>();
/** Per kind of driver session (node-postgres, PGlite): each name's query as first built in a transaction. */
const inTransactions = new WeakMap<object, Map<string, object>>();

/**
 * A fixed-shape query of the purchase path, built and prepared once and then run with new values:
 * Drizzle does not build its SQL again, and node-postgres sends it as a named prepared statement
 * (parsed and planned once per connection; PGlite takes the name but parses each time). The name must
 * be unique in the process and stand for one query; values go in as `sql.placeholder`s.
 *
 * On the database handle the query is kept per handle. In a transaction, Drizzle would build it
 * afresh each time (a prepared query belongs to the connection it was made on), so the query first
 * built in a transaction is kept and run on each later transaction's own connection.
 */
export function preparedOnce<T>(db: Queryable, name: string, prepare: (db: Queryable, name: string) => T): T {
  if (is(db, PgTransaction)) return preparedInTransaction(db, name, prepare);
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

function preparedInTransaction<T>(
  tx: Queryable,
  name: string,
  prepare: (db: Queryable, name: string) => T,
): T {
  // Drizzle's transaction keeps its session, whose `client` is the transaction's connection (a pool
  // client, or PGlite's transaction), and both drivers' prepared queries run on their own `client`.
  const session = (tx as unknown as { session: { client: unknown } }).session;
  let queries = inTransactions.get(session.constructor);
  if (!queries) {
    queries = new Map();
    inTransactions.set(session.constructor, queries);
  }
  const first = queries.get(name);
  if (first === undefined) {
    const query = prepare(tx, name);
    queries.set(name, query as object);
    return query;
  }
  // Should a Drizzle release keep the connection elsewhere, build afresh rather than run on another.
  if (!Object.hasOwn(first, "client")) return prepare(tx, name);
  return Object.create(first, { client: { value: session.client } }) as T;
}
