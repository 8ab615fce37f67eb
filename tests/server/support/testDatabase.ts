import { randomBytes } from "node:crypto";
import pg from "pg";
import { type DatabaseHandle, openPglite, openPostgres } from "../../../server/db/database";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a throwaway database
 * on the Postgres server in TEST_DATABASE_URL when the suite runs as its Postgres project.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (process.env.TEST_DB === "postgres" && !serverUrl)
    throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  if (!serverUrl) return openPglite(null);

  const name = `ojapay_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openPostgres(url.toString(), 20);
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
