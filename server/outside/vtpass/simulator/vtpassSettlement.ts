import type { Clock } from "../../../clock";
import { isUnsettled, type SimulatedTransaction, type VtpassLedger, type VtpassStatus } from "./vtpassLedger";
import type { SimulatorTimers } from "./vtpassTimers";
import { requeryBody } from "./vtpassTransactionBodies";
import type { createWebhookSender } from "./vtpassWebhooks";

/**
 * Every change of a transaction after pay answered: settling (by time, by the control, or when
 * requeries reach the outcome's count), reversal, and scripted moves. Each one is announced by
 * webhook with the requery answer as it stands then.
 */
export function createSettlement(options: {
  ledger: VtpassLedger;
  webhooks: ReturnType<typeof createWebhookSender>;
  timers: SimulatorTimers;
  clock: Clock;
  settleAfterMs: number | null;
}) {
  const { ledger, webhooks, timers, clock } = options;

  /** Never throws: a webhook must not break the answer that caused it. */
  const announce = (transaction: SimulatedTransaction) =>
    webhooks.send(requeryBody(transaction)).catch(() => {});

  function known(requestId: string): SimulatedTransaction {
    const transaction = ledger.get(requestId);
    if (!transaction) throw new Error(`The VTpass simulator has no transaction ${requestId}`);
    return transaction;
  }

  async function changeStatus(requestId: string, status: VtpassStatus): Promise<void> {
    const before = known(requestId).status;
    const after = ledger.setStatus(requestId, status);
    if (after && after.status !== before) await announce(after);
  }

  async function settle(requestId: string): Promise<void> {
    const transaction = known(requestId);
    if (isUnsettled(transaction.status)) await changeStatus(requestId, transaction.settlesTo);
  }

  return {
    settle,
    changeStatus,

    /** VTpass gave the money back: the merchant is refunded, unless it already was (failed). */
    async reverse(requestId: string): Promise<void> {
      if (known(requestId).status !== "failed") await changeStatus(requestId, "reversed");
    },

    /** With `settleAfterMs`, a pending transaction settles by itself that long after pay. */
    scheduleSettling(transaction: SimulatedTransaction) {
      const settleAfterMs = options.settleAfterMs;
      if (settleAfterMs === null || !isUnsettled(transaction.status)) return;
      const dueAt = Date.parse(transaction.createdAt) + settleAfterMs;
      timers.after(
        Math.max(0, dueAt - clock.now().getTime()),
        () => void settle(transaction.requestId).catch(() => {}),
      );
    },

    /** Counts a requery of a known id; the webhook of a settlement it causes goes out on the side. */
    countRequery(requestId: string): SimulatedTransaction | undefined {
      const counted = ledger.countRequery(requestId);
      if (counted?.settled) void announce(counted.transaction);
      return counted?.transaction;
    },
  };
}

export type VtpassSettlement = ReturnType<typeof createSettlement>;
