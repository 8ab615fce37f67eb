import { type ChildProcess, spawn } from "node:child_process";
import { freePort } from "./freePort";

export interface ChildServer {
  base: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Sends the process a signal (SIGTERM asks it to stop as an orchestrator would). */
  kill: (signal: NodeJS.Signals) => void;
  /** Its exit code once it has exited (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * A server script run as a process of its own (Node with tsx, as `npm start` runs the app), on a free
 * loopback port given as PORT, ready once `readyPath` answers 200. The browser tests start the app
 * this way, and bench:lighthouse too, whose work in its own process must not delay the pages it
 * measures. `env` may depend on the port (an address the app gives out for itself). A test that
 * restarts the app where it was (after a kill -9) names its `port`.
 */
export async function startChildServer(
  script: string,
  env: Record<string, string> | ((port: number) => Record<string, string>),
  readyPath: string,
  options: { port?: number } = {},
): Promise<ChildServer> {
  const port = options.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const extra = typeof env === "function" ? env(port) : env;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", script], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ...extra },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${script} did not start within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, output: () => output, stop, kill: (signal) => child.kill(signal), exited };
}
