import type { AppDeps } from "../deps";
import { checkPendingFundings, reconcileYesterdayIfDue } from "./funding/fundingReconciliation";
import { requeryDue } from "./purchases/requeryWorker";
import { forgetIdleTries } from "./tryCounters";

/**
 * What runs by itself every `intervalMs`: pending purchases asked about again, pending card
 * fundings checked with the gateway, yesterday's reconciliation once the day has turned, and guess
 * counters idle for a day dropped. One
 * run at a time per process; several processes share the work through row locks. A failing step is
 * logged and does not stop the others.
 */
export function startBackgroundWork(deps: AppDeps, intervalMs: number) {
  const steps: Array<[string, () => Promise<unknown>]> = [
    ["requery pending purchases", () => requeryDue(deps)],
    ["check pending fundings", () => checkPendingFundings(deps)],
    ["daily reconciliation", () => reconcileYesterdayIfDue(deps)],
    ["forget idle try counters", () => forgetIdleTries(deps.db, deps.clock)],
  ];
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    for (const [name, step] of steps) {
      try {
        await step();
      } catch (error) {
        deps.logger.error({ step: name, err: error }, "background step failed");
      }
    }
    running = false;
  }, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
