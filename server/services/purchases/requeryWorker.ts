import { inArray } from "drizzle-orm";
import { purchaseKinds } from "../../../schemas/transactions";
import { transactions } from "../../db/schema";
import type { ProviderOrder } from "../../outside/provider";
import { claimDue } from "../claimDue";
import { askProvider } from "./askProvider";
import type { PurchaseDeps } from "./placePurchase";
import { type SettleSource, settlePurchase } from "./settlePurchase";

/** The id the provider knows the purchase by; purchases held before it was stored used their reference. */
export const requestIdOf = (row: { providerRequestId: string | null; reference: string }) =>
  row.providerRequestId ?? row.reference;

/** Asks the provider about one purchase now, outside any database transaction, and settles the answer. */
export async function requeryOne(
  deps: PurchaseDeps,
  row: {
    id: string;
    reference: string;
    providerRequestId: string | null;
    providerReference: string | null;
    order: unknown;
    createdAt: Date;
  },
  source: SettleSource,
) {
  const attempt = {
    requestId: requestIdOf(row),
    providerReference: row.providerReference,
    order: row.order as ProviderOrder,
    sentAt: row.createdAt,
  };
  const answer = await askProvider(
    (signal) => deps.provider.requery(attempt, signal),
    deps.config.providerTimeoutMs,
    deps.logger,
    row.reference,
  );
  return settlePurchase(deps, row.id, answer, source);
}

/**
 * Settles pending purchases whose requery time has come: claims a batch with FOR UPDATE SKIP LOCKED
 * and books each one's next requery in the same short transaction (so another instance skips them),
 * asks the provider outside any transaction, and settles each answer. Answers how many it asked about.
 */
export async function requeryDue(deps: PurchaseDeps, batchSize = 20): Promise<number> {
  const kinds = inArray(transactions.kind, [...purchaseKinds]);
  const claimed = await claimDue(deps, kinds, deps.config.requeryBaseDelayMs, batchSize);
  for (const row of claimed) await requeryOne(deps, row, "requery");
  return claimed.length;
}
