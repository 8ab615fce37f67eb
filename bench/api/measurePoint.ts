import { performance } from "node:perf_hooks";
import type { BenchApp } from "./benchApp";
import { closedLoop, errorCount, type LoopResult } from "./closedLoop";
import { type BenchCustomer, topUp } from "./customers";
import type { LoadGenerator } from "./loadGenerator";
import type { BenchOptions, Scenario } from "./options";
import { postingOperation } from "./postingLoad";
import { closeCircuit, deliveriesByProvider } from "./providerDeliveries";
import { thisThreadCpuMs } from "./serverCpu";
import { percentile } from "./statistics";

/** More errors than this share of a run's purchases (or postings) stops the bench: its figures would mean nothing. */
export const maxErrorShare = 0.02;

/**
 * The share of VTpass's pay requests the failover scenario has it refuse with its definite failure
 * (016), so they move to the SME-data vendor: issue 25's "the first provider fails 20% of purchases".
 */
export const failoverRefusalShare = 0.2;

export interface RunFigures {
  purchasesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  purchases: number;
  purchaseErrors: Record<string, number>;
  postingsPerSecond: number;
  postings: number;
  postingErrors: Record<string, number>;
  /** purchases/s ÷ postings/s of this run. */
  ratio: number;
  /**
   * This process's CPU time (every thread: the app, the load worker, argon2's pool and, on PGlite, the
   * database) over the run, per purchase and per posting: where a purchase's cost is CPU here, it shows.
   */
  cpuMsPerPurchase: number;
  cpuMsPerPosting: number;
  /**
   * The time the main thread's event loop was busy (serving HTTP, building and sending statements,
   * and on PGlite running the database) over the run, per purchase and per posting. The app serves
   * every request on this one thread, so this, not the process's CPU, is what caps purchases/s.
   */
  mainThreadMsPerPurchase: number;
  mainThreadMsPerPosting: number;
  /**
   * Of that, the time the main thread ran on a core (from /proc, on Linux; null elsewhere). The rest
   * of its busy time it was ready but waiting for one: on a machine whose cores the database, the
   * load and the simulated VTpass share, that wait is what the cores' contention costs each purchase.
   */
  mainThreadCpuMsPerPurchase: number | null;
  mainThreadCpuMsPerPosting: number | null;
  /**
   * The database server's CPU time over the run, per purchase and per posting, where the bench can
   * read it (the Postgres it started; null otherwise): it shares the machine's cores with this process.
   */
  dbCpuMsPerPurchase: number | null;
  dbCpuMsPerPosting: number | null;
  /** The measured purchases by the provider that delivered them (after any failover). */
  deliveredBy: Record<string, number>;
  /** Whether VTpass's circuit was open when the failover run ended (the bench then closes it). */
  vtpassCircuitOpened: boolean;
}

/** CPU milliseconds this process spent since `from`. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1000;
};

function checkErrors(what: string, result: LoopResult) {
  const errors = errorCount(result);
  const share = errors / Math.max(result.completed + errors, 1);
  if (share > maxErrorShare) {
    const kinds = [...result.errors].map(([kind, n]) => `${n} × ${kind}`).join(", ");
    throw new Error(
      `${what}: ${errors} of ${result.completed + errors} failed (${(share * 100).toFixed(1)}%, more than ${maxErrorShare * 100}%): ${kinds}`,
    );
  }
}

const perSecond = (result: LoopResult) => result.completed / (result.elapsedMs / 1000);

/** The main thread's CPU ms from `from` to now, divided among `count`; null where it cannot be read. */
function mainThreadCpuPer(from: number | null, count: number): number | null {
  const now = thisThreadCpuMs();
  return from === null || now === null ? null : (now - from) / Math.max(count, 1);
}

/**
 * A warm-up, then the measured closed loop of purchases, with what it cost the process, the main
 * thread and the database server, and when it began and ended (to find its purchases in the books).
 */
async function measurePurchases(
  load: LoadGenerator,
  point: { scenario: Scenario; concurrency: number; label: string },
  options: Pick<BenchOptions, "seconds" | "warmupSeconds">,
  serverCpu: () => number,
) {
  const { scenario, concurrency } = point;
  if (options.warmupSeconds > 0) {
    const warm = await load.run({
      scenario,
      concurrency,
      seconds: options.warmupSeconds,
      freshConnections: true,
    });
    checkErrors(`${point.label} warm-up`, warm);
  }
  const serverCpuBeforePurchases = serverCpu();
  const cpuBeforePurchases = process.cpuUsage();
  const loopBeforePurchases = performance.eventLoopUtilization();
  const threadBeforePurchases = thisThreadCpuMs();
  const from = new Date();
  const bought = await load.run({
    scenario,
    concurrency,
    seconds: options.seconds,
    freshConnections: options.warmupSeconds === 0,
  });
  const to = new Date();
  const purchaseCpuMs = cpuMsSince(cpuBeforePurchases);
  const purchaseLoopMs = performance.eventLoopUtilization(loopBeforePurchases).active;
  const purchaseThreadCpuMs = mainThreadCpuPer(threadBeforePurchases, bought.completed);
  const purchaseServerCpuMs = serverCpu() - serverCpuBeforePurchases;
  checkErrors(`${point.label} purchases`, bought);
  return { bought, from, to, purchaseCpuMs, purchaseLoopMs, purchaseThreadCpuMs, purchaseServerCpuMs };
}

/**
 * One run of one point: wallets topped up, a warm-up of purchases, then the measured purchases and,
 * at once, the same closed loop of the project's own ledger postings on the same database handle. In
 * the failover scenario VTpass refuses its share of pays through the warm-up and the purchases.
 */
export async function measurePoint(
  app: BenchApp,
  load: LoadGenerator,
  customers: readonly BenchCustomer[],
  point: { scenario: Scenario; concurrency: number; label: string },
  options: Pick<BenchOptions, "seconds" | "warmupSeconds">,
  serverCpuMs?: () => number,
): Promise<RunFigures> {
  const serverCpu = serverCpuMs ?? (() => Number.NaN);
  await topUp(app, customers);
  // Set before the warm-up, so it warms the vendor's path too; every other point has VTpass deliver all.
  const refusing = point.scenario === "failover";
  if (refusing) await app.vtpass.refusePays(failoverRefusalShare);
  const purchases = await measurePurchases(load, point, options, serverCpu).finally(async () => {
    if (refusing) await app.vtpass.refusePays(0);
  });
  const { bought, purchaseCpuMs, purchaseLoopMs, purchaseThreadCpuMs, purchaseServerCpuMs } = purchases;
  // Untimed, between the purchases and the postings: the run's purchases in the books, by provider.
  const deliveredBy = await deliveriesByProvider(app.deps.db, purchases.from, purchases.to);
  const vtpassCircuitOpened = refusing && (await closeCircuit(app.deps.db, "vtpass"));
  const serverCpuBeforePostings = serverCpu();
  const cpuBeforePostings = process.cpuUsage();
  const loopBeforePostings = performance.eventLoopUtilization();
  const threadBeforePostings = thisThreadCpuMs();
  const posted = await closedLoop(
    point.concurrency,
    options.seconds,
    postingOperation(app, customers, point.scenario),
  );
  const postingCpuMs = cpuMsSince(cpuBeforePostings);
  const postingLoopMs = performance.eventLoopUtilization(loopBeforePostings).active;
  const postingThreadCpuMs = mainThreadCpuPer(threadBeforePostings, posted.completed);
  const postingServerCpuMs = serverCpu() - serverCpuBeforePostings;
  checkErrors(`${point.label} postings`, posted);
  const purchasesPerSecond = perSecond(bought);
  const postingsPerSecond = perSecond(posted);
  return {
    purchasesPerSecond,
    p50Ms: percentile(bought.latenciesMs, 50),
    p99Ms: percentile(bought.latenciesMs, 99),
    purchases: bought.completed,
    purchaseErrors: Object.fromEntries(bought.errors),
    postingsPerSecond,
    postings: posted.completed,
    postingErrors: Object.fromEntries(posted.errors),
    ratio: purchasesPerSecond / postingsPerSecond,
    cpuMsPerPurchase: purchaseCpuMs / Math.max(bought.completed, 1),
    cpuMsPerPosting: postingCpuMs / Math.max(posted.completed, 1),
    mainThreadMsPerPurchase: purchaseLoopMs / Math.max(bought.completed, 1),
    mainThreadMsPerPosting: postingLoopMs / Math.max(posted.completed, 1),
    mainThreadCpuMsPerPurchase: purchaseThreadCpuMs,
    mainThreadCpuMsPerPosting: postingThreadCpuMs,
    dbCpuMsPerPurchase: serverCpuMs ? purchaseServerCpuMs / Math.max(bought.completed, 1) : null,
    dbCpuMsPerPosting: serverCpuMs ? postingServerCpuMs / Math.max(posted.completed, 1) : null,
    deliveredBy,
    vtpassCircuitOpened,
  };
}
