import { randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "./database";

/**
 * An app instance as the database sees it: a session advisory lock `(presenceLockClass, id)` held for
 * as long as the process lives. Postgres drops a session's locks the moment its connection closes, and
 * a killed process's connection closes with it, so "the instances alive now" is one read of pg_locks:
 * no heartbeat to wait out after a crash. On PGlite the one process that may open the data directory
 * holds every lock there is.
 */
export interface InstancePresence {
  /** This instance's id, 1 to 2^31 - 1: what a purchase it sends records as `asked_by`. */
  id: number;
  /** Lets go of the lock: what this instance was asking about becomes any instance's to ask. */
  close(): Promise<void>;
}

/** The first key of every presence lock (the migrations' lock is a single key, 7344101). */
export const presenceLockClass = 7_344_102;

/** The ids of the instances alive now, as a subquery: read inside the statement that relies on it. */
export const livingInstances = sql`(select objid::int from pg_locks where locktype = 'advisory' and classid = ${sql.raw(String(presenceLockClass))} and objsubid = 2 and granted and database = (select oid from pg_database where datname = current_database()))`;

const newId = () => randomInt(1, 2 ** 31 - 1);

/** Takes a free id on `take`, which answers whether the lock was had (another instance may hold one). */
async function lockFreeId(take: (id: number) => Promise<boolean>): Promise<number> {
  for (;;) {
    const id = newId();
    if (await take(id)) return id;
  }
}

const tryLock = `select pg_try_advisory_lock(${presenceLockClass}, $1::int) as locked`;

/** PGlite: the lock on its one connection, which every instance of this process shares. */
export async function announceOnPglite(db: Database): Promise<InstancePresence> {
  const take = async (id: number) => {
    const [taken] = await db
      .select({ locked: sql<boolean>`pg_try_advisory_lock(${presenceLockClass}, ${id}::int)` })
      .from(sql`(select 1) as one`);
    return taken?.locked === true;
  };
  const id = await lockFreeId(take);
  return {
    id,
    async close() {
      await db
        .select({ unlocked: sql<boolean>`pg_advisory_unlock(${presenceLockClass}, ${id}::int)` })
        .from(sql`(select 1) as one`);
    },
  };
}

/**
 * Postgres: the lock on a connection of its own, outside the pool (which closes idle connections).
 * A lost connection (the server restarted, the network failed) is made again with the same id; until
 * then the other instances take this one for gone and ask about its purchases themselves, which the
 * purchase path allows for (a purchase claimed meanwhile is the worker's to settle).
 */
export async function announceOnPostgres(
  url: string,
  onLost: (error: Error) => void,
  retryMs = 1_000,
): Promise<InstancePresence> {
  let closing = false;
  let client: pg.Client | undefined;

  /** Makes `client` a connection holding the lock on `id`; false when another session holds it. */
  async function lockOn(id: number): Promise<boolean> {
    const next = new pg.Client({ connectionString: url });
    next.on("error", (error) => {
      if (next === client) void lost(error);
    });
    next.on("end", () => {
      if (next === client && !closing) void lost(new Error("the server ended the connection"));
    });
    try {
      await next.connect();
      // A machine that vanishes sends no goodbye: the server's keepalives find its connection dead, and
      // drop its lock, in about half a minute rather than the system's two hours.
      await next.query(
        "set tcp_keepalives_idle = 10; set tcp_keepalives_interval = 5; set tcp_keepalives_count = 3",
      );
      const { rows } = await next.query<{ locked: boolean }>(tryLock, [id]);
      if (rows[0]?.locked !== true) {
        await next.end();
        return false;
      }
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
    client = next;
    return true;
  }

  async function lost(error: Error) {
    client?.end().catch(() => {});
    client = undefined;
    onLost(error);
    while (!closing) {
      await new Promise((resolve) => setTimeout(resolve, retryMs).unref());
      if (closing) return;
      try {
        if (await lockOn(id)) return;
        onLost(new Error(`another session holds this instance's presence id ${id}`));
      } catch (failed) {
        onLost(failed instanceof Error ? failed : new Error(String(failed)));
      }
    }
  }

  const id = await lockFreeId(lockOn);
  return {
    id,
    async close() {
      closing = true;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
