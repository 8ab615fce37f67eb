import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startMailCatcher } from "../../tests/e2e/support/mailCatcher";
import { startChildServer } from "../../tests/support/childServer";

/**
 * The app as production serves it (`npm start`'s server/main.ts over the build in dist/, NODE_ENV
 * production), with the simulators on so nothing leaves the machine, on a fresh PGlite data directory
 * in the system's temp folder, its mail going to a catcher so the customer's code can be read.
 */
export async function startApp() {
  const mail = await startMailCatcher();
  const dataDir = mkdtempSync(join(tmpdir(), "ojapay-lighthouse-"));
  const cleanUp = async () => {
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-simulators`, { recursive: true, force: true });
  };
  try {
    const server = await startChildServer(
      "server/main.ts",
      {
        NODE_ENV: "production",
        SIMULATORS: "on",
        DATA_DIR: dataDir,
        STATIC_DIR: "dist",
        SMTP_URL: mail.url,
        LOG_LEVEL: "warn",
        // Production refuses to start without its own PIN key; a throwaway one serves this run.
        PIN_KEYS: `lighthouse:${randomBytes(32).toString("hex")}`,
      },
      "/api/status/",
    );
    return {
      base: server.base,
      mail,
      output: server.output,
      stop: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
