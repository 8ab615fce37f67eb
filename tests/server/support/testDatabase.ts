import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import pg from "pg";
import { inject } from "vitest";
import { type Database, type DatabaseHandle, openPostgres } from "../../../server/db/database";
import { announceOnPglite } from "../../../server/db/instancePresence";
import * as schema from "../../../server/db/schema";
import "../../support/providedDatabases";

/** Whether this run of the server suite is its Postgres run (the server:postgres project). */
export function onPostgres(): boolean {
  return process.env.TEST_DB === "postgres";
}

function postgresServer() {
  const provided = inject("postgres");
  if (!provided) {
    throw new Error(
      "no Postgres server was provided: server:postgres starts one in tests/support/postgresServerSetup.ts",
    );
  }
  return provided;
}

async function createDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const { serverUrl } = postgresServer();
  const name = `ojapay_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
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

/** An empty database on the test Postgres server, and how to remove it. */
export function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase();
}

/** PGlite in memory, from the migrated snapshot the project's global setup saved. */
async function openPgliteSnapshot(): Promise<DatabaseHandle> {
  const snapshot = inject("pgliteSnapshot");
  if (!snapshot) {
    throw new Error(
      "no PGlite snapshot was provided: server:pglite saves one in tests/support/pgliteSnapshotSetup.ts",
    );
  }
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(snapshot)]) });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: "pglite",
    announce: () => announceOnPglite(db as unknown as Database),
    close: () => client.close(),
  };
}

/**
 * A fresh, migrated database for one test file: PGlite in memory in the server:pglite project, or a
 * throwaway copy of the migrated template database on the test Postgres server in server:postgres.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!onPostgres()) return openPgliteSnapshot();
  const copy = await createDatabase(postgresServer().template);
  const handle = await openPostgres(copy.url, 20);
  return {
    ...handle,
    async close() {
      await handle.close();
      await copy.drop();
    },
  };
}
