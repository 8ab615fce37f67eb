import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../support/freePort";

/**
 * The product as `npm start` runs it (server/main.ts serving the built SPA), on a fresh data
 * directory, in its own process.
 */
export async function startAppProcess(env: Record<string, string>) {
  if (!existsSync("dist/index.html"))
    throw new Error("dist/ is missing: run `npm run build` first (npm test does)");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "ojapay-e2e-"));
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
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    try {
      const res = await fetch(`${base}/api/status/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    output: () => output,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(`${dataDir}-simulators`, { recursive: true, force: true });
    },
  };
}
