import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../../../server/db/database";

/** Whether this run of the server suite is its Postgres run (TEST_DB=postgres with TEST_DATABASE_URL). */
export function onPostgres(): boolean {
  if (process.env.TEST_DB !== "postgres") return false;
  if (!process.env.TEST_DATABASE_URL) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return true;
}

/** An empty database on the test Postgres server, and how to remove it. */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `ojapay_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a throwaway database
 * on the Postgres server in TEST_DATABASE_URL when the suite runs as its Postgres project.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!onPostgres()) return openPglite(null);
  const scratch = await createScratchDatabase();
  const handle = await openPostgres(scratch.url, 20);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}
