import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { startChildServer } from "../../support/childServer";
import "../../support/providedDatabases";

/**
 * The product as `npm start` runs it (server/main.ts serving the built SPA), in its own process, on a
 * data directory of its own: a copy of the migrated one the e2e project's global setup made
 * (tests/support/appDataDirSetup.ts).
 */
export async function startAppProcess(env: Record<string, string>) {
  if (!existsSync("dist/index.html"))
    throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
  const migrated = inject("appDataDir");
  if (!migrated)
    throw new Error("no data directory was provided: the e2e project makes one in its global setup");
  const dataDir = mkdtempSync(join(tmpdir(), "ojapay-e2e-"));
  cpSync(migrated, dataDir, { recursive: true });
  const removeDataDir = () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-simulators`, { recursive: true, force: true });
  };
  const server = await startChildServer(
    "server/main.ts",
    (port) => ({
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Where the gateway sends the customer back: the same origin the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    }),
    "/api/status/",
  ).catch((error: unknown) => {
    removeDataDir();
    throw error;
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      removeDataDir();
    },
  };
}
