import type { BenchApp } from "./benchApp";
import { closedLoop, errorCount, type LoopResult } from "./closedLoop";
import { type BenchCustomer, topUp } from "./customers";
import type { LoadGenerator } from "./loadGenerator";
import type { BenchOptions, Scenario } from "./options";
import { postingOperation } from "./postingLoad";
import { percentile } from "./statistics";

/** More errors than this share of a run's purchases (or postings) stops the bench: its figures would mean nothing. */
export const maxErrorShare = 0.02;

/** The simulated VTpass's wallet before every point: far more than any run spends, so it never answers 018. */
const providerWalletKobo = 100_000_000_000;

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
}

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

/**
 * One run of one point: wallets topped up, a warm-up of purchases, then the measured purchases and,
 * at once, the same closed loop of the project's own ledger postings on the same database handle.
 */
export async function measurePoint(
  app: BenchApp,
  load: LoadGenerator,
  customers: readonly BenchCustomer[],
  point: { scenario: Scenario; concurrency: number; label: string },
  options: Pick<BenchOptions, "seconds" | "warmupSeconds">,
): Promise<RunFigures> {
  await topUp(app, customers);
  app.deps.simulators?.vtpass.control.setBalance(providerWalletKobo);
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
  const bought = await load.run({
    scenario,
    concurrency,
    seconds: options.seconds,
    freshConnections: options.warmupSeconds === 0,
  });
  checkErrors(`${point.label} purchases`, bought);
  const posted = await closedLoop(
    point.concurrency,
    options.seconds,
    postingOperation(app, customers, point.scenario),
  );
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
  };
}
