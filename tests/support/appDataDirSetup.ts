import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../server/db/database";
import "./providedDatabases";

/**
 * Global setup of the e2e project: one PGlite data directory, created and migrated once, of which
 * each app the browser tests start gets a copy as its DATA_DIR. Creating the cluster takes the app
 * seconds at every start; the server suite's restart tests still start the app on an empty one.
 */
export default async function appDataDirSetup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "ojapay-e2e-data-"));
  const dataDir = join(dir, "data");
  await (await openPglite(dataDir)).close();
  project.provide("appDataDir", dataDir);
  return () => rmSync(dir, { recursive: true, force: true });
}
