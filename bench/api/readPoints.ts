import { get, type IncomingMessage } from "node:http";
import type { Database } from "../../server/db/database";
import type { BenchApp } from "./benchApp";
import type { BenchCustomer } from "./customers";
import { selectsPerSecond } from "./databaseSelects";
import { type CopiedAnswer, startFloorServer } from "./floorServer";
import type { DatabaseKind } from "./options";
import { type ReadFigures, readLoad } from "./readLoad";
import { median } from "./statistics";

/** The reads issue 26 measures beside the floor, at the connections it measured them with. */
export const readConnections = 16;
export const readPaths = ["floor", "status", "wallet", "page", "page floor"] as const;
export type ReadPath = (typeof readPaths)[number];

export interface ReadSummary {
  db: DatabaseKind;
  /** Each figure the median of the runs'. */
  median: Partial<Record<ReadPath, ReadFigures>> & { selectsPerSecond: number };
  runs: Array<Partial<Record<ReadPath, ReadFigures>> & { selectsPerSecond: number }>;
}

/** The paths read, each as autocannon asks for it. */
function targets(app: BenchApp, floorOrigin: string, customer: BenchCustomer) {
  const paths: Partial<Record<ReadPath, { url: string; headers?: Record<string, string> }>> = {
    floor: { url: `${floorOrigin}/api/status/` },
    status: { url: `${app.origin}/api/status/` },
    wallet: {
      url: `${app.origin}/api/core/customer/wallet/`,
      headers: { authorization: `Bearer ${customer.token}` },
    },
  };
  // The home page as a browser asks for it: prerendered at build, precompressed at start; and the
  // floor answering the same bytes and headers.
  if (app.servesPages) {
    paths.page = { url: `${app.origin}/`, headers: { "accept-encoding": "br, gzip" } };
    paths["page floor"] = { url: `${floorOrigin}/`, headers: { "accept-encoding": "br, gzip" } };
  }
  return paths;
}

/** Headers Node writes itself on every answer, and the one that differs each time. */
const ownedByNode = new Set(["date", "connection", "keep-alive", "x-request-id"]);

/** The app's home page as the page read asks for it, bytes as sent, for the floor to answer alike. */
async function homePage(app: BenchApp): Promise<CopiedAnswer | undefined> {
  if (!app.servesPages) return undefined;
  // node:http, not fetch, which would decode the brotli the page was sent in.
  const res = await new Promise<IncomingMessage>((resolve, reject) =>
    get(`${app.origin}/`, { headers: { "accept-encoding": "br, gzip" } }, resolve).on("error", reject),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  if (res.statusCode !== 200) throw new Error(`GET / answered ${res.statusCode}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (typeof value === "string" && !ownedByNode.has(name)) headers[name] = value;
  return { body: new Uint8Array(Buffer.concat(chunks)), headers };
}

/** Every read point, `runs` times interleaved (floor, status, wallet, page, then the selects), after a warm-up of each. */
export async function measureReads(
  app: BenchApp,
  db: { kind: DatabaseKind; handle: { db: Database } },
  customer: BenchCustomer,
  options: { seconds: number; runs: number },
  progress: (line: string) => void,
): Promise<ReadSummary> {
  const floor = await startFloorServer(await homePage(app));
  try {
    const paths = targets(app, floor.origin, customer);
    const seconds = Math.max(1, Math.round(options.seconds));
    for (const [, target] of Object.entries(paths))
      await readLoad(target.url, { connections: readConnections, seconds: 1, ...target });
    const runs: ReadSummary["runs"] = [];
    for (let run = 1; run <= options.runs; run++) {
      const figures: ReadSummary["runs"][number] = { selectsPerSecond: 0 };
      for (const [path, target] of Object.entries(paths) as Array<
        [ReadPath, { url: string; headers?: Record<string, string> }]
      >) {
        const read = await readLoad(target.url, { connections: readConnections, seconds, ...target });
        if (read.bad > 0)
          throw new Error(`${db.kind} ${path} run ${run}: ${read.bad} answers not 2xx, failed or timed out`);
        figures[path] = read;
        progress(
          `${db.kind} read ${path} run ${run}/${options.runs}: ${read.requestsPerSecond.toFixed(0)}/s (p50 ${read.p50Ms} ms, p99 ${read.p99Ms} ms)`,
        );
      }
      figures.selectsPerSecond = await selectsPerSecond(db.handle.db, customer.id, seconds);
      progress(
        `${db.kind} selects by primary key run ${run}/${options.runs}: ${figures.selectsPerSecond.toFixed(0)}/s`,
      );
      runs.push(figures);
    }
    const medianOf = (path: ReadPath): ReadFigures | undefined => {
      const seen = runs.map((r) => r[path]).filter((f): f is ReadFigures => f !== undefined);
      if (seen.length === 0) return undefined;
      return {
        requestsPerSecond: median(seen.map((f) => f.requestsPerSecond)),
        p50Ms: median(seen.map((f) => f.p50Ms)),
        p99Ms: median(seen.map((f) => f.p99Ms)),
        bad: 0,
      };
    };
    const summary: ReadSummary["median"] = { selectsPerSecond: median(runs.map((r) => r.selectsPerSecond)) };
    for (const path of readPaths) {
      const m = medianOf(path);
      if (m) summary[path] = m;
    }
    return { db: db.kind, median: summary, runs };
  } finally {
    await floor.close();
  }
}
