import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { promisify } from "node:util";

const run = promisify(execFile);
const autocannonBin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/** One read point's figures, from autocannon's own report. */
export interface ReadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx, and requests that failed or timed out: any of them spoils the run. */
  bad: number;
}

/**
 * `connections` kept-alive connections sending GET `url` for `seconds`, by autocannon in a process of
 * its own (as issue 26 measured): the load's own work is not done on the event loop under test, but it
 * shares the machine's cores with it, as it does for every point compared, the floor included.
 */
export async function readLoad(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<ReadFigures> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
    "-H",
    `${name}=${value}`,
  ]);
  const args = [
    autocannonBin,
    "-c",
    String(options.connections),
    "-d",
    String(options.seconds),
    "-j",
    ...headers,
    url,
  ];
  const { stdout } = await run(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 });
  const report = JSON.parse(stdout) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  };
  return {
    requestsPerSecond: report.requests.average,
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    bad: report.non2xx + report.errors + report.timeouts,
  };
}
