/**
 * npm run bench:api: the real server in this process, its airtime purchase endpoint under closed-loop
 * load at each concurrency (distinct customers, one hot wallet, and distinct customers with VTpass
 * refusing a fifth of its pays so they fail over to the SME-data vendor), each run followed at once by the
 * project's own ledger posting on the same database handle for the same time (the raw ceiling); on
 * PGlite and on a Postgres it starts itself. Prints a table and writes bench/results/api-<time>.json.
 * Not a test: a tool whose numbers go in docs/benchmarks.md. Options: bench/api/options.ts (or --help).
 */

import { loadavg } from "node:os";
import { relative } from "node:path";
import { apiPurchaseComparisons, apiPurchaseTable, apiPurchaseTarget } from "./apiPurchaseReport";
import { type BenchApp, benchSettings, startBenchApp } from "./benchApp";
import { type BenchCustomer, customerSetup, prepareCustomers } from "./customers";
import { type BenchDatabase, startDatabase } from "./databases";
import { failoverComparisons, failoverTable, failoverTarget } from "./failoverReport";
import { httpClient } from "./httpClient";
import { type LoadGenerator, startLoadGenerator } from "./loadGenerator";
import { describeCommit, describeMachine } from "./machine";
import { failoverRefusalShare, maxErrorShare, measurePoint, type RunFigures } from "./measurePoint";
import { metricsComparisons, metricsTable, metricsTarget } from "./metricsReport";
import { scrapeMetrics } from "./metricsScrape";
import { type BenchOptions, type MetricsSetting, readOptions, usage } from "./options";
import { postingKobo } from "./postingLoad";
import { purchaseOrder } from "./purchaseLoad";
import { measureReads, type ReadSummary, readConnections } from "./readPoints";
import { readComparisons, readTable } from "./readReport";
import { errorsOf, type PointSummary, pointName, summarise, table, writeReport } from "./report";

const firstCustomer = (customers: BenchCustomer[]) => {
  const [first] = customers;
  if (!first) throw new Error("no bench customer");
  return first;
};

const progress = (line: string) => process.stderr.write(`${line}\n`);
const errorNote = (figures: RunFigures) => {
  const kinds = Object.entries({ ...figures.purchaseErrors, ...figures.postingErrors });
  return kinds.length === 0 ? "" : `; not counted: ${kinds.map(([kind, n]) => `${n} × ${kind}`).join(", ")}`;
};

function mainThreadCpuNote(figures: RunFigures): string {
  const { mainThreadCpuMsPerPurchase: purchase, mainThreadCpuMsPerPosting: posting } = figures;
  if (purchase === null || posting === null) return "";
  return ` (on a core ${purchase.toFixed(1)} and ${posting.toFixed(2)})`;
}

function dbCpuNote(figures: RunFigures): string {
  if (figures.dbCpuMsPerPurchase === null || figures.dbCpuMsPerPosting === null) return "";
  return `; database server CPU ${figures.dbCpuMsPerPurchase.toFixed(1)} ms a purchase, ${figures.dbCpuMsPerPosting.toFixed(2)} ms a posting`;
}

/** An app the points are measured on, with its load generator: one, or one with metrics off and one on. */
interface MeasuredApp {
  app: BenchApp;
  load: LoadGenerator;
}

/**
 * Every point on one database: a fresh app (two with `--metrics both`, sharing the database and the
 * customers) and customers, then the runs, interleaved so drift spreads evenly, the apps too; then
 * the reads, on the first app.
 */
async function benchDatabase(
  database: BenchDatabase,
  options: BenchOptions,
): Promise<{ points: PointSummary[]; reads: ReadSummary | null }> {
  const started: BenchApp[] = [];
  const measured = new Map<MetricsSetting, MeasuredApp>();
  try {
    for (const metrics of options.metrics)
      started.push(await startBenchApp(database.handle, { metrics: metrics === "on" }));
    const [first] = started;
    if (!first) throw new Error("no app to measure");
    const began = Date.now();
    const setupClient = httpClient(first.origin, 8);
    const customers = await prepareCustomers(first, setupClient).finally(() => setupClient.close());
    progress(
      `${database.kind}: ${customers.length} customers ready in ${((Date.now() - began) / 1000).toFixed(1)} s`,
    );
    for (const [index, app] of started.entries()) {
      const load = await startLoadGenerator({
        origin: app.origin,
        connections: Math.max(...options.concurrency),
        customers,
        firstPhone: index * 5_000_000,
      });
      measured.set(app.metrics ? "on" : "off", { app, load });
    }
    const points = options.scenarios.flatMap((scenario) =>
      options.concurrency.flatMap((concurrency) =>
        options.metrics.map((metrics) => ({ scenario, concurrency, metrics, runs: [] as RunFigures[] })),
      ),
    );
    for (let run = 1; run <= options.runs; run++) {
      // Every other run goes backwards, so no point (metrics on, or off) is always the one measured later.
      for (const point of run % 2 === 1 ? points : [...points].reverse()) {
        const { app, load } = measured.get(point.metrics) as MeasuredApp;
        const label = `${pointName({ db: database.kind, ...point })} run ${run}/${options.runs}`;
        const figures = await measurePoint(
          app,
          load,
          customers,
          { ...point, label },
          options,
          database.serverCpuMs,
        );
        point.runs.push(figures);
        const scraped = app.metrics ? scrapeNote(await scrapeMetrics(app)) : "";
        progress(
          `${label}: ${figures.purchasesPerSecond.toFixed(1)} purchases/s (p50 ${figures.p50Ms.toFixed(1)} ms, p99 ${figures.p99Ms.toFixed(1)} ms), ${figures.postingsPerSecond.toFixed(1)} postings/s; CPU ${figures.cpuMsPerPurchase.toFixed(1)} ms a purchase, ${figures.cpuMsPerPosting.toFixed(2)} ms a posting; main thread busy ${figures.mainThreadMsPerPurchase.toFixed(1)} ms a purchase, ${figures.mainThreadMsPerPosting.toFixed(2)} ms a posting${mainThreadCpuNote(figures)}${dbCpuNote(figures)}${errorNote(figures)}${scraped}`,
        );
      }
    }
    const reads = options.reads
      ? await measureReads(first, database, firstCustomer(customers), options, progress)
      : null;
    return {
      points: points.map(({ runs, ...point }) => summarise({ db: database.kind, ...point }, runs)),
      reads,
    };
  } finally {
    for (const { load } of measured.values()) await load.close();
    for (const app of started) await app.close();
  }
}

const scrapeNote = (scrape: Awaited<ReturnType<typeof scrapeMetrics>>) =>
  `; /metrics scraped in ${scrape.ms.toFixed(1)} ms (${(scrape.bytes / 1024).toFixed(1)} kB, ${scrape.settled} settled purchases counted so far)`;

async function main() {
  const options = readOptions(process.argv.slice(2));
  if (options === "help") {
    console.log(usage);
    return;
  }
  // Ctrl-C still stops a throwaway Postgres and removes its directory (they go on the way out).
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => process.exit(130));

  const startedAt = new Date().toISOString();
  const machine = describeMachine();
  // Read at the start: the code measured is the code as it was when the run began.
  const code = describeCommit();
  const { seconds, warmupSeconds, runs } = options;
  console.log(
    [
      `bench:api on ${machine.cpuCount} × ${machine.cpuModel}, Node ${machine.node}, load average ${machine.loadAverageAtStart.map((n) => n.toFixed(2)).join(" ")}`,
      `each point: ${warmupSeconds} s warm-up, ${seconds} s of purchases, then ${seconds} s of ledger postings; median of ${runs} runs`,
      `customers: ${customerSetup.count}, tier ${customerSetup.kycTier} (daily limit raised to ₦${(customerSetup.tier3DailyLimitKobo / 100).toLocaleString("en-NG")}), wallets topped up to ₦${(customerSetup.walletFloorKobo / 100).toLocaleString("en-NG")} by staff funding before each point`,
      `purchase: ${purchaseOrder.endpoint} ₦${purchaseOrder.amountKobo / 100} MTN airtime, a new phone number each (allow_duplicate unset), simulated VTpass and SME-data vendor at 0 ms latency, each in a thread of its own`,
    ].join("\n"),
  );

  const points: PointSummary[] = [];
  const reads: ReadSummary[] = [];
  const databases: Array<{ kind: string; version: string }> = [];
  // Each database stays open until the end of the whole run: a closed app leaves the address limit's
  // cleanup timer (rate-limiter-flexible's, every 5 minutes) behind, and it would query a closed one.
  const opened: BenchDatabase[] = [];
  try {
    for (const kind of options.databases) {
      const database = await startDatabase(kind);
      opened.push(database);
      progress(`${kind}: ${database.version}`);
      databases.push({ kind, version: database.version });
      const measured = await benchDatabase(database, options);
      points.push(...measured.points);
      if (measured.reads) reads.push(measured.reads);
    }
  } finally {
    for (const database of opened.reverse()) await database.close();
  }

  console.log(`\n${table(points)}\n`);
  const comparisons = failoverComparisons(points);
  if (comparisons.length > 0) {
    console.log(
      `two providers: VTpass refusing ${failoverRefusalShare * 100}% of its pays (016), which fail over to the SME-data vendor, beside distinct; target failover ÷ distinct ≥ ${failoverTarget}; latencies in ms; shares of the failover run's purchases by who delivered them\n`,
    );
    console.log(`${failoverTable(comparisons)}\n`);
  }
  const apiPurchases = apiPurchaseComparisons(points);
  if (apiPurchases.length > 0) {
    console.log(
      `the API for programs: the same airtime through POST /api/v1/purchases with each customer's key (no PIN), beside distinct; target api ÷ distinct ≥ ${apiPurchaseTarget}; p99 in ms\n`,
    );
    console.log(`${apiPurchaseTable(apiPurchases)}\n`);
  }
  const readFigures = readComparisons(reads, points);
  if (reads.length > 0) {
    console.log(
      `reads: autocannon, ${readConnections} connections, ${Math.max(1, Math.round(seconds))} s each, medians of ${runs} runs; the floor is a bare Hono app answering the status envelope in this process; targets from issue 26\n`,
    );
    console.log(`${readTable(reads, readFigures)}\n`);
  }
  const metrics = metricsComparisons(points);
  if (metrics.length > 0) {
    console.log(
      `metrics: one app with METRICS_TOKEN set (and /metrics scraped after each run, untimed), one without, on the same database and customers, each point measured on one right after the other, in turn first; target: the median of the runs' on ÷ off ≥ ${metricsTarget}; p99 and the main thread's busy time per purchase in ms\n`,
    );
    console.log(`${metricsTable(metrics)}\n`);
  }
  const errors = errorsOf(points);
  if (errors.size > 0) {
    console.log(`answers that did not count (within the ${maxErrorShare * 100}% allowed a run):`);
    for (const [kind, n] of errors) console.log(`  ${n} × ${kind}`);
  }
  const { ADMIN_PASSWORD: _password, ...settings } = benchSettings;
  const file = writeReport({
    tool: "bench:api",
    startedAt,
    finishedAt: new Date().toISOString(),
    ...code,
    options,
    machine: { ...machine, loadAverageAtEnd: loadavg() },
    databases,
    setup: {
      ...customerSetup,
      pin: undefined,
      settings,
      purchase: { ...purchaseOrder, allowDuplicate: false, recipients: "a new phone number each" },
      failover: {
        what: "distinct customers; VTpass answers this share of its pays 016 TRANSACTION FAILED without buying, spread evenly, so they fail over to the SME-data vendor",
        refusalShare: failoverRefusalShare,
        target: `failover purchases/s ÷ distinct purchases/s ≥ ${failoverTarget}`,
      },
      api: {
        what: "distinct customers buying the same airtime through POST /api/v1/purchases with their API keys (level api, rate limit raised), no PIN",
        target: `api purchases/s ÷ distinct purchases/s ≥ ${apiPurchaseTarget}`,
      },
      posting: {
        what: "postings.fund (staff_funding → wallet) in its own db.transaction",
        kobo: postingKobo,
      },
      maxErrorShare,
      percentiles: "nearest rank, over each successful purchase's latency",
      median:
        "of the runs, each figure separately; ratio is the median of each run's purchases/s ÷ postings/s",
    },
    points,
    failover: comparisons,
    apiPurchases,
    reads,
    readTargets: readFigures,
    metrics,
  });
  console.log(`written to ${relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`bench:api failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    process.exit(1);
  },
);
