import { openSimulatorJournal } from "../../simulation/simulatorJournal";
import type { MsorgService } from "./msorgCatalogue";
import type { MsorgStatus } from "./msorgOutcomes";
import type { PurchaseOrder } from "./msorgPurchaseOrder";

/** One purchase as the simulated vendor records it. Amounts in kobo. */
export interface SimulatedRecord extends PurchaseOrder {
  id: number;
  ident: string;
  service: MsorgService;
  balanceBeforeKobo: number;
  status: MsorgStatus;
  settlesTo: "successful" | "failed";
  settlesAtRequery: number | null;
  requeries: number;
  /** ISO time it was made, by the simulator's clock. */
  createdAt: string;
  /** A prepaid meter's 20 digits and kWh, once successful. */
  token: { digits: string; units: string } | null;
  /** An `epin/` record's cards, once successful (absent in journals written before there were any). */
  pins?: { pin: string; serial: string }[] | null;
  /** An `epin/` record made to deliver one card fewer than bought. */
  pinsShort?: boolean;
}

type JournalEntry =
  | { type: "record"; record: SimulatedRecord; balanceDelta: number }
  | { type: "balance"; kobo: number };

/** Only a failed record gives the money back. */
const held = (record: SimulatedRecord) => (record.status === "failed" ? 0 : record.paidKobo);

/**
 * The vendor's wallet and every record, in memory, each change appended to the journal and replayed
 * at start, so a restarted app still finds its purchases on requery.
 */
export function openMsorgLedger(
  journalPath: string | null,
  startingBalanceKobo: number,
  newToken: (record: SimulatedRecord) => SimulatedRecord["token"],
  newPins: (record: SimulatedRecord) => SimulatedRecord["pins"],
) {
  const journal = openSimulatorJournal<JournalEntry>(journalPath);
  const records = new Map<number, SimulatedRecord>();
  let balance = startingBalanceKobo;
  for (const entry of journal.replay()) {
    if (entry.type === "balance") balance = entry.kobo;
    else {
      records.set(entry.record.id, entry.record);
      balance += entry.balanceDelta;
    }
  }

  function keep(record: SimulatedRecord, balanceDelta: number): SimulatedRecord {
    const delivered = record.status === "successful";
    const kept = {
      ...record,
      ...(delivered && !record.token && { token: newToken(record) }),
      ...(delivered && !record.pins && { pins: newPins(record) }),
    };
    records.set(kept.id, kept);
    balance += balanceDelta;
    journal.append({ type: "record", record: kept, balanceDelta });
    return kept;
  }

  function setStatus(id: number, status: MsorgStatus): SimulatedRecord | undefined {
    const current = records.get(id);
    if (!current || current.status === status) return current;
    const next = { ...current, status };
    return keep(next, held(current) - held(next));
  }

  return {
    balance: () => balance,
    setBalance(kobo: number) {
      balance = kobo;
      journal.append({ type: "balance", kobo });
    },
    get: (id: number) => records.get(id),
    all: () => [...records.values()],
    nextId: () => Math.max(20_450, ...records.keys()) + 1,
    processing: () => [...records.values()].filter((r) => r.status === "processing"),

    /** Makes a record, charging the wallet unless it failed at once. */
    create: (record: SimulatedRecord) => keep(record, -held(record)),
    setStatus,

    /** Counts a requery by id; the one the record's outcome names settles it. */
    countRequery(id: number): SimulatedRecord | undefined {
      const current = records.get(id);
      if (!current) return undefined;
      const counted = keep({ ...current, requeries: current.requeries + 1 }, 0);
      const due = counted.settlesAtRequery !== null && counted.requeries >= counted.settlesAtRequery;
      if (counted.status !== "processing" || !due) return counted;
      return setStatus(id, counted.settlesTo);
    },
  };
}

export type MsorgLedger = ReturnType<typeof openMsorgLedger>;
