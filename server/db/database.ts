import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { lockDataDir } from "./dataDirLock";
import { announceOnPglite, announceOnPostgres, type InstancePresence } from "./instancePresence";
import * as schema from "./schema";
import { applySqlFunctions } from "./sqlFunctions";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: services take this so callers choose the boundary. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Makes this process an instance the others can see alive (db/instancePresence.ts). */
  announce(onLost: (error: Error) => void): Promise<InstancePresence>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Brings an embedded database up to date: the numbered migrations, then db/functions (sqlFunctions.ts). */
export async function migrateOnPglite(client: PGlite): Promise<void> {
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  await applySqlFunctions(
    {
      script: async (text) => void (await client.exec(text)),
      rows: async (text) => (await client.query<Record<string, unknown>>(text)).rows,
    },
    migrationsFolder,
  );
}

/** The same on a Postgres server, through one connection the caller holds the migration lock on. */
async function migrateOnPostgres(client: pg.Client): Promise<void> {
  await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  await applySqlFunctions(
    {
      script: async (text) => void (await client.query(text)),
      rows: async (text) => (await client.query(text)).rows,
    },
    migrationsFolder,
  );
}

/** The embedded database: PGlite stored in `dataDir`, or in memory when `dataDir` is null (tests). */
export async function openPglite(dataDir: string | null): Promise<DatabaseHandle> {
  const lock = dataDir ? lockDataDir(dataDir) : null;
  try {
    if (dataDir) mkdirSync(dataDir, { recursive: true });
    const client = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
    await migrateOnPglite(client);
    const db = drizzlePglite(client, { schema });
    const close = async () => {
      await client.close();
      lock?.release();
    };
    return { db: db as unknown as Database, kind: "pglite", announce: () => announceOnPglite(db), close };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * A real Postgres server. Migrations run under an advisory lock, so several instances may start at
 * once. `onConnectionLost` hears of idle connections the server closed (a restart, a failover): the
 * pool replaces them, and without a listener Node would stop the whole process over it.
 */
export async function openPostgres(
  url: string,
  poolSize = 10,
  onConnectionLost: (error: Error) => void = () => {},
): Promise<DatabaseHandle> {
  const lockClient = new pg.Client({ connectionString: url });
  await lockClient.connect();
  try {
    await lockClient.query("select pg_advisory_lock(7344101)");
    await migrateOnPostgres(lockClient);
  } finally {
    await lockClient.query("select pg_advisory_unlock(7344101)").catch(() => {});
    await lockClient.end();
  }
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on("error", onConnectionLost);
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    announce: (onLost) => announceOnPostgres(url, onLost),
    close: () => pool.end(),
  };
}

export function openDatabase(
  config: { databaseUrl?: string | undefined; dataDir: string },
  onConnectionLost?: (error: Error) => void,
) {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, 10, onConnectionLost)
    : openPglite(config.dataDir);
}
