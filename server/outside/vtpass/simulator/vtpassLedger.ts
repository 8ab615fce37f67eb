import { openSimulatorJournal } from "../../simulation/simulatorJournal";
import type { VtpassServiceKind } from "./vtpassCatalogue";
import type { SimulatedExamPin } from "./vtpassExamPins";
import type { PayOrder } from "./vtpassPayOrder";
import { newPrepaidToken, type PrepaidToken } from "./vtpassPrepaidToken";

export type VtpassStatus = "initiated" | "pending" | "delivered" | "failed" | "reversed";

/** One purchase as the simulated VTpass remembers it. Amounts in kobo. */
export interface SimulatedTransaction extends Omit<PayOrder, "service"> {
  requestId: string;
  /** VTpass's own long digit reference. */
  transactionId: string;
  serviceID: string;
  kind: VtpassServiceKind;
  status: VtpassStatus;
  /** What a pending transaction becomes when it settles. */
  settlesTo: "delivered" | "failed";
  /** The requery (1 = first) that settles it; null: only time or the control settle it. */
  settlesAtRequery: number | null;
  requeries: number;
  /** ISO time of pay, by the simulator's clock. */
  createdAt: string;
  /** Prepaid electricity, once delivered. */
  token: PrepaidToken | null;
  /**
   * Exam PINs, drawn when the transaction is made and shown only in an answer saying delivered (so a
   * test's scripted answer can show them, or some of them, whatever the transaction holds).
   */
  examPins: SimulatedExamPin[] | null;
}

type JournalEntry =
  | { type: "transaction"; transaction: SimulatedTransaction; balanceDelta: number }
  | { type: "balance"; kobo: number };

/** Statuses in which the merchant's money stays with VTpass; failed and reversed give it back. */
const holdsMoney = (status: VtpassStatus) => status !== "failed" && status !== "reversed";
export const isUnsettled = (status: VtpassStatus) => status === "pending" || status === "initiated";

const isPrepaid = (t: SimulatedTransaction) => t.kind === "electricity" && t.variationCode === "prepaid";

/**
 * The merchant's VTpass wallet and every transaction, in memory, with each change appended to the
 * journal and replayed at start, so a restarted app still finds its purchases on requery.
 */
export function openVtpassLedger(journalPath: string | null, startingBalanceKobo: number) {
  const journal = openSimulatorJournal<JournalEntry>(journalPath);
  const transactions = new Map<string, SimulatedTransaction>();
  let balance = startingBalanceKobo;
  for (const entry of journal.replay()) {
    if (entry.type === "balance") balance = entry.kobo;
    else {
      transactions.set(entry.transaction.requestId, entry.transaction);
      balance += entry.balanceDelta;
    }
  }

  function record(transaction: SimulatedTransaction, balanceDelta: number) {
    if (transaction.status === "delivered" && isPrepaid(transaction) && !transaction.token)
      transaction.token = newPrepaidToken(transaction.amountKobo, transaction.recipient);
    transactions.set(transaction.requestId, transaction);
    balance += balanceDelta;
    journal.append({ type: "transaction", transaction, balanceDelta });
  }

  /** Moves a transaction to `status`, refunding or charging the merchant as the move requires. */
  function setStatus(requestId: string, status: VtpassStatus): SimulatedTransaction | undefined {
    const current = transactions.get(requestId);
    if (!current || current.status === status) return current;
    const held = (s: VtpassStatus) => (holdsMoney(s) ? current.totalKobo : 0);
    const next = { ...current, status };
    record(next, held(current.status) - held(status));
    return next;
  }

  return {
    balance: () => balance,
    setBalance(kobo: number) {
      balance = kobo;
      journal.append({ type: "balance", kobo });
    },
    get: (requestId: string) => transactions.get(requestId),
    unsettled: () => [...transactions.values()].filter((t) => isUnsettled(t.status)),

    /** Stores a new transaction, charging the merchant unless it is already failed or reversed. */
    create(transaction: SimulatedTransaction) {
      record({ ...transaction }, holdsMoney(transaction.status) ? -transaction.totalKobo : 0);
    },

    setStatus,

    /** Counts a requery; the one its outcome names settles a pending transaction. */
    countRequery(requestId: string): { transaction: SimulatedTransaction; settled: boolean } | undefined {
      const current = transactions.get(requestId);
      if (!current) return undefined;
      const counted = { ...current, requeries: current.requeries + 1 };
      record(counted, 0);
      const due = counted.settlesAtRequery !== null && counted.requeries >= counted.settlesAtRequery;
      if (!isUnsettled(counted.status) || !due) return { transaction: counted, settled: false };
      return { transaction: setStatus(requestId, counted.settlesTo) ?? counted, settled: true };
    },
  };
}

export type VtpassLedger = ReturnType<typeof openVtpassLedger>;
