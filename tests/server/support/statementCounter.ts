import type { PGlite, Transaction as PgliteTransaction } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../../../server/db/database";

/**
 * Counts the statements the server sends its database while `work` runs, whichever driver it is:
 * each statement is a round trip to Postgres, or a turn of PGlite's one connection. BEGIN and COMMIT
 * count, on both (node-postgres sends them as statements; PGlite's `transaction` sends them itself).
 * Only for a test that runs one thing at a time: anything else the process sends meanwhile counts too.
 */
export async function countStatements<T>(
  db: Database,
  work: () => Promise<T>,
): Promise<{ result: T; count: number; statements: string[] }> {
  const statements: string[] = [];
  const note = (text: unknown) => {
    const sql = typeof text === "string" ? text : ((text as { text?: string })?.text ?? String(text));
    statements.push(sql.replace(/\s+/g, " ").slice(0, 160));
  };
  const restore =
    (db as unknown as { $client: unknown }).$client instanceof pg.Pool
      ? countOnPostgres(note)
      : countOnPglite((db as unknown as { $client: PGlite }).$client, note);
  try {
    const result = await work();
    return { result, count: statements.length, statements };
  } finally {
    restore();
  }
}

function countOnPostgres(note: (text: unknown) => void): () => void {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    note(args[0]);
    return original.apply(this, args);
  };
  return () => {
    proto.query = original;
  };
}

function countOnPglite(client: PGlite, note: (text: unknown) => void): () => void {
  const own = client as unknown as Record<string, unknown>;
  const query = client.query;
  const exec = client.exec;
  const transaction = client.transaction;
  own.query = (text: string, ...rest: unknown[]) => {
    note(text);
    return (query as (...args: unknown[]) => unknown).call(client, text, ...rest);
  };
  own.exec = (text: string, ...rest: unknown[]) => {
    note(text);
    return (exec as (...args: unknown[]) => unknown).call(client, text, ...rest);
  };
  own.transaction = <T>(callback: (tx: PgliteTransaction) => Promise<T>) =>
    transaction.call(client, (tx) => {
      note("BEGIN");
      const counted: PgliteTransaction = Object.create(tx, {
        query: {
          value: (text: string, ...rest: unknown[]) => {
            note(text);
            return (tx.query as (...args: unknown[]) => unknown)(text, ...rest);
          },
        },
        exec: {
          value: (text: string, ...rest: unknown[]) => {
            note(text);
            return (tx.exec as (...args: unknown[]) => unknown)(text, ...rest);
          },
        },
      });
      return callback(counted).finally(() => note("COMMIT"));
    });
  return () => {
    delete own.query;
    delete own.exec;
    delete own.transaction;
  };
}
