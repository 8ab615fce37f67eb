import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrateOnPglite } from "../../server/db/database";
import "./providedDatabases";

/**
 * Global setup of the server:pglite project: one PGlite database, migrated once and saved as a data
 * directory tarball, which each test file loads (`loadDataDir`). Starting PGlite from nothing and
 * migrating takes seconds, and every file would pay it.
 */
export default async function pgliteSnapshotSetup(project: TestProject) {
  const client = await PGlite.create();
  await migrateOnPglite(client);
  const tarball = await client.dumpDataDir("none");
  await client.close();
  const dir = mkdtempSync(join(tmpdir(), "ojapay-pglite-"));
  const file = join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  console.log("server:pglite runs on PGlite in memory, each file from one migrated snapshot");
  project.provide("pgliteSnapshot", file);
  return () => rmSync(dir, { recursive: true, force: true });
}
