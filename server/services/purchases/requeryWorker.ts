import { eq, inArray } from "drizzle-orm";
import { purchaseKinds } from "../../../schemas/transactions";
import { transactions } from "../../db/schema";
import type { ProviderOrder, ProviderResult } from "../../outside/provider";
import { providerNameOf } from "../../outside/providerSet";
import { claimDue } from "../claimDue";
import { askProvider } from "./askProvider";
import type { PurchaseDeps } from "./placePurchase";
import { type SettleSource, settlePurchase, unknownRequestAfterMs } from "./settlePurchase";

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
    provider: string | null;
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
  // Asked of the provider it went to, whatever the routes say now.
  const provider = deps.providers.get(providerNameOf(row));
  const ask = (call: (signal?: AbortSignal) => Promise<ProviderResult>) =>
    askProvider(call, deps.logger, row.reference);
  let answer = await ask((signal) => provider.requery(attempt, signal));
  if (
    answer.status === "pending" &&
    answer.unknownRequest &&
    provider.resendsSafely &&
    deps.clock.now().getTime() - row.createdAt.getTime() < unknownRequestAfterMs
  ) {
    // The provider never got the request (a crash between the hold and the call, a request lost on
    // the way). Waiting would not bring it; a repeat of the same request id cannot buy twice.
    // Not reached this time is no proof the first call never arrives late: it stays pending, and
    // its send time moves to now, so it fails only once no send of ours can still arrive. Re-sent
    // only in the purchase's first half hour: a provider that never receives it (a path that drops
    // it every time) then fails it, instead of holding the customer's money for good.
    await deps.db
      .update(transactions)
      .set({ providerSentAt: deps.clock.now() })
      .where(eq(transactions.id, row.id));
    const resent = await ask((signal) => provider.buy(attempt.requestId, attempt.order, signal));
    const said = resent.note ? ` ${resent.note}` : "";
    answer = {
      ...resent,
      note: `Re-sent with the same request id: the provider had no record of it.${said}`,
    };
  }
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
