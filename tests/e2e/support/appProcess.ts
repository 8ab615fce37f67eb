import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { type Database, openPglite } from "../../../server/db/database";
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
  const start = (port?: number) =>
    startChildServer(
      "server/main.ts",
      (port) => ({
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
        // Where the gateway sends the customer back: the same origin the browser uses.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ...env,
      }),
      "/api/status/",
      port === undefined ? {} : { port },
    );
  let server = await start().catch((error: unknown) => {
    removeDataDir();
    throw error;
  });
  const port = Number(new URL(server.base).port);
  return {
    base: server.base,
    stop: async () => {
      await server.stop();
      removeDataDir();
    },
    /**
     * Stops the app, runs `read` on its database (PGlite lets one process open it), and starts it
     * again where it was, so the browser's session goes on: for what only the app's store holds, such
     * as an SMS the simulated gateway has not sent.
     */
    async whileStopped<T>(read: (db: Database) => Promise<T>): Promise<T> {
      await server.stop();
      const database = await openPglite(dataDir);
      try {
        return await read(database.db);
      } finally {
        await database.close();
        server = await start(port);
      }
    },
  };
}
