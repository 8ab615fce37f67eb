import type { AppDeps } from "../deps";
import { forgetOldMail } from "../mail/outbox";
import { checkPendingFundings, reconcileYesterdayIfDue } from "./funding/fundingReconciliation";
import { requeryDue } from "./purchases/requeryWorker";
import { judgeHealth, watchBalances } from "./routing/providerWatch";
import { forgetOldSignUps } from "./signUps";
import { forgetIdleTries } from "./tryCounters";

/**
 * What runs by itself every `intervalMs`: pending purchases asked about again, each provider's
 * health judged and its balance read every few minutes, pending card
 * fundings checked with the gateway, yesterday's reconciliation once the day has turned, guess
 * counters idle for a day dropped, mail due sent, and old mail and sign-ups forgotten. One run at a
 * time per process; several processes share the work through row locks. A failing step is logged and
 * does not stop the others.
 */
export function startBackgroundWork(deps: AppDeps, intervalMs: number) {
  const steps: Array<[string, () => Promise<unknown>]> = [
    ["requery pending purchases", () => requeryDue(deps)],
    ["judge provider health", () => judgeHealth(deps)],
    ["read provider balances", () => watchBalances(deps)],
    ["check pending fundings", () => checkPendingFundings(deps)],
    ["daily reconciliation", () => reconcileYesterdayIfDue(deps)],
    ["forget idle try counters", () => forgetIdleTries(deps.db, deps.clock)],
    // Mail kicked by a request normally went at once; this catches retries and what a crash left.
    ["send due mail", () => deps.outbox.sendDue()],
    ["forget old mail", () => forgetOldMail(deps)],
    ["forget old sign-ups", () => forgetOldSignUps(deps)],
  ];
  let run: Promise<void> | undefined;
  let stopping = false;
  const runSteps = async () => {
    for (const [name, step] of steps) {
      // A stop lets the step in progress finish (a purchase asked about is settled) and starts no other.
      if (stopping) return;
      try {
        await step();
      } catch (error) {
        deps.logger.error({ step: name, err: error }, "background step failed");
      }
    }
  };
  const timer = setInterval(() => {
    run ??= runSteps().finally(() => {
      run = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    /** Starts no new run; resolves once the run in progress, if any, has finished its current step. */
    stop(): Promise<void> {
      stopping = true;
      clearInterval(timer);
      return run ?? Promise.resolve();
    },
  };
}
