import type { AppDeps } from "../deps";
import { forgetOldMail } from "../mail/outbox";
import { forgetOldSignUps } from "./accounts/signUps";
import { forgetIdleTries } from "./accounts/tryCounters";
import { placeQueuedRows } from "./bulk/bulkPlacing";
import { type BulkPump, startBulkPump } from "./bulk/bulkPump";
import { checkPendingFundings, reconcileYesterdayIfDue } from "./funding/fundingReconciliation";
import { type RequeryPump, startRequeryPump } from "./purchases/requeryPump";
import { requeryDue } from "./purchases/requeryWorker";
import { judgeHealth, watchBalances } from "./routing/providerWatch";
import { placeDueRuns } from "./schedules/schedulePlacing";
import { type SchedulePump, startSchedulePump } from "./schedules/schedulePump";
import { forgetOldSms } from "./sms/smsSender";
import { deliverDueWebhooks } from "./webhooks/webhookOutbox";

/**
 * The steps of a run, by the names the log and the metrics give them. With the running app's pump,
 * the requery step only sets it going (it keeps settling on its own while the other steps run); a run
 * on its own (tests) settles one claim's worth and waits for it.
 */
function backgroundSteps(deps: AppDeps, pumps?: Pumps): Array<[string, () => Promise<unknown>]> {
  return [
    ["requery pending purchases", () => (pumps ? pumps.requery.run() : requeryDue(deps))],
    // Like the requery pump, the bulk pump places rows on its own between runs; this claims what is queued.
    ["place bulk purchase rows", () => (pumps ? pumps.bulk.run() : placeQueuedRows(deps))],
    // Due runs of scheduled purchases, placed by the schedule pump between runs (tests: here, waited for).
    ["place scheduled purchases", () => (pumps ? pumps.schedules.run() : placeDueRuns(deps))],
    ["judge provider health", () => judgeHealth(deps)],
    ["read provider balances", () => watchBalances(deps)],
    ["check pending fundings", () => checkPendingFundings(deps)],
    ["daily reconciliation", () => reconcileYesterdayIfDue(deps)],
    ["forget idle try counters", () => forgetIdleTries(deps.db, deps.clock)],
    // Mail kicked by a request normally went at once; this catches retries and what a crash left.
    ["send due mail", () => deps.outbox.sendDue()],
    ["send due webhooks", () => deliverDueWebhooks(deps)],
    // SMS are sent by this process's sender; this catches retries and what a crash left.
    ["send due SMS", () => deps.sms?.sendDue() ?? Promise.resolve(0)],
    ["forget old mail", () => forgetOldMail(deps)],
    ["forget old SMS", () => forgetOldSms(deps)],
    ["forget old sign-ups", () => forgetOldSignUps(deps)],
  ];
}

/** The pumps the running app keeps going between runs. */
interface Pumps {
  requery: RequeryPump;
  bulk: BulkPump;
  schedules: SchedulePump;
}

/**
 * One run: every step in turn, each timed and counted for the metrics; a failing step is logged and
 * does not stop the others. Once `stopping`, the step in progress finishes (a purchase asked about is
 * settled) and no other starts.
 */
export async function runBackgroundWork(deps: AppDeps, stopping: () => boolean = () => false, pumps?: Pumps) {
  for (const [name, step] of backgroundSteps(deps, pumps)) {
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
 * What runs by itself at once and then every `intervalMs`: pending purchases asked about again (by
 * the requery pump, which goes on between runs), bulk purchases' rows placed (by the bulk pump, which
 * goes on too), each provider's
 * health judged and its balance read every few minutes, pending card
 * fundings checked with the gateway, yesterday's reconciliation once the day has turned, guess
 * counters idle for a day dropped, mail due sent, and old mail and sign-ups forgotten. One run at a
 * time per process; several processes share the work through row locks.
 */
export function startBackgroundWork(deps: AppDeps, intervalMs: number) {
  let run: Promise<void> | undefined;
  let stopping = false;
  const pumps = {
    requery: startRequeryPump(deps),
    bulk: startBulkPump(deps),
    schedules: startSchedulePump(deps),
  };
  const runOnce = () => {
    run ??= runBackgroundWork(deps, () => stopping, pumps).finally(() => {
      run = undefined;
    });
  };
  // The first run at once: purchases a crashed process left are asked about now, not a tick later.
  const first = setTimeout(runOnce, 0);
  const timer = setInterval(runOnce, intervalMs);
  first.unref();
  timer.unref();
  return {
    /**
     * Starts no new run and claims no more purchases; resolves once the run in progress has finished
     * its current step, every requery out has been settled and every bulk row out placed.
     */
    async stop(): Promise<void> {
      stopping = true;
      clearTimeout(first);
      clearInterval(timer);
      await Promise.all([run, pumps.requery.stop(), pumps.bulk.stop(), pumps.schedules.stop()]);
    },
  };
}
