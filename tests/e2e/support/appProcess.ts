import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { freePort } from "../../support/freePort";
import "../../support/providedDatabases";

/**
 * The product as `npm start` runs it (server/main.ts serving the built SPA), in its own process, on a
 * data directory of its own: a copy of the migrated one the e2e project's global setup made
 * (tests/support/appDataDirSetup.ts).
 */
export async function startAppProcess(env: Record<string, string>) {
  if (!existsSync("dist/index.html"))
    throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
  const port = await freePort();
  const migrated = inject("appDataDir");
  if (!migrated)
    throw new Error("no data directory was provided: the e2e project makes one in its global setup");
  const dataDir = mkdtempSync(join(tmpdir(), "ojapay-e2e-"));
  cpSync(migrated, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      // Where the gateway sends the customer back: the same origin the browser uses.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const base = `http://127.0.0.1:${port}`;
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(`${dataDir}-simulators`, { recursive: true, force: true });
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`the server exited:\n${output}`);
    }
    try {
      const res = await fetch(`${base}/api/status/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, output: () => output, stop };
}
