import type { AppDeps } from "../deps";
import { forgetOldMail } from "../mail/outbox";
import { checkPendingFundings, reconcileYesterdayIfDue } from "./funding/fundingReconciliation";
import { requeryDue } from "./purchases/requeryWorker";
import { judgeHealth, watchBalances } from "./routing/providerWatch";
import { forgetOldSignUps } from "./signUps";
import { forgetIdleTries } from "./tryCounters";
import { deliverDueWebhooks } from "./webhooks/webhookOutbox";

/** The steps of a run, by the names the log and the metrics give them. */
function backgroundSteps(deps: AppDeps): Array<[string, () => Promise<unknown>]> {
  return [
    ["requery pending purchases", () => requeryDue(deps)],
    ["judge provider health", () => judgeHealth(deps)],
    ["read provider balances", () => watchBalances(deps)],
    ["check pending fundings", () => checkPendingFundings(deps)],
    ["daily reconciliation", () => reconcileYesterdayIfDue(deps)],
    ["forget idle try counters", () => forgetIdleTries(deps.db, deps.clock)],
    // Mail kicked by a request normally went at once; this catches retries and what a crash left.
    ["send due mail", () => deps.outbox.sendDue()],
    ["send due webhooks", () => deliverDueWebhooks(deps)],
    ["forget old mail", () => forgetOldMail(deps)],
    ["forget old sign-ups", () => forgetOldSignUps(deps)],
  ];
}

/**
 * One run: every step in turn, each timed and counted for the metrics; a failing step is logged and
 * does not stop the others. Once `stopping`, the step in progress finishes (a purchase asked about is
 * settled) and no other starts.
 */
export async function runBackgroundWork(deps: AppDeps, stopping: () => boolean = () => false) {
  for (const [name, step] of backgroundSteps(deps)) {
    if (stopping()) return;
    const started = performance.now();
    let failed = false;
    try {
      await step();
    } catch (error) {
      failed = true;
      deps.logger.error({ step: name, err: error }, "background step failed");
    }
    deps.metrics?.backgroundStep(name, (performance.now() - started) / 1000, failed);
  }
}

/**
 * What runs by itself every `intervalMs`: pending purchases asked about again, each provider's
 * health judged and its balance read every few minutes, pending card
 * fundings checked with the gateway, yesterday's reconciliation once the day has turned, guess
 * counters idle for a day dropped, mail due sent, and old mail and sign-ups forgotten. One run at a
 * time per process; several processes share the work through row locks.
 */
export function startBackgroundWork(deps: AppDeps, intervalMs: number) {
  let run: Promise<void> | undefined;
  let stopping = false;
  const timer = setInterval(() => {
    run ??= runBackgroundWork(deps, () => stopping).finally(() => {
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
