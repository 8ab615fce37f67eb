import { eq } from "drizzle-orm";
import type { Transaction } from "../../db/database";
import { transactions, wallets } from "../../db/schema";
import type { ProviderOrder } from "../../outside/provider";
import { Refusal } from "../../refusal";
import { postings } from "../ledger/postings";
import type { Actor } from "../people/actor";
import { askProvider, notReached } from "../purchases/askProvider";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { settlePurchase } from "../purchases/settlePurchase";
import { newReference, recordEvent, type TransactionRow } from "../transactions/transactionRecords";

/**
 * Holds a redelivery of `original` inside the caller's transaction: a new purchase of the same thing
 * for the same recipient, through the provider that sold it, paid from the refunds account (the
 * customer's wallet is not touched), pending with its requery booked so a crash before the provider
 * is asked loses nothing. `sendRedelivery` asks the provider once it is committed.
 */
export async function holdRedelivery(
  tx: Transaction,
  deps: Pick<PurchaseDeps, "clock" | "config" | "providers" | "instance">,
  actor: Actor,
  original: TransactionRow,
): Promise<TransactionRow> {
  if (original.status !== "successful")
    throw new Refusal(
      "not_allowed",
      original.status === "pending"
        ? "This purchase is still pending with its provider: wait for its answer before sending it again."
        : "This purchase's money already went back to the wallet: there is nothing to send again.",
    );
  if (!original.provider || !deps.providers.has(original.provider) || !original.order)
    throw new Refusal("not_allowed", "The provider that sold this is no longer set up: refund it instead.");
  const provider = deps.providers.get(original.provider);
  const now = deps.clock.now();
  const [wallet] = await tx
    .select({ balance: wallets.balance })
    .from(wallets)
    .where(eq(wallets.id, original.walletId));
  const [row] = await tx
    .insert(transactions)
    .values({
      reference: newReference(original.kind, now),
      userId: original.userId,
      walletId: original.walletId,
      kind: original.kind,
      status: "pending",
      amount: original.amount,
      fee: original.fee,
      discount: original.discount,
      total: original.total,
      cost: original.cost,
      description: `Redelivery of ${original.description}`,
      recipient: original.recipient,
      product: original.product,
      order: original.order,
      provider: original.provider,
      providerRequestId: provider.newRequestId(now),
      providerSentAt: now,
      askedBy: deps.instance.id,
      nextRequeryAt: new Date(now.getTime() + deps.config.providerTimeoutMs + deps.config.requeryBaseDelayMs),
      customerName: original.customerName,
      paidByHouse: true,
      balanceBefore: wallet?.balance ?? null,
      balanceAfter: wallet?.balance ?? null,
      createdBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error("the redelivery was not recorded");
  await postings.redeliveryHold(tx, deps.clock, row.id, row.total);
  await recordEvent(
    tx,
    deps.clock,
    row.id,
    "pending",
    `Redelivery of ${original.reference}, paid by OjaPay; request ${row.providerRequestId} goes to the provider next.`,
    actor.user.id,
  );
  return row;
}

/** Sends a committed redelivery to its provider, outside any transaction, and settles the answer. */
export async function sendRedelivery(deps: PurchaseDeps, row: TransactionRow): Promise<TransactionRow> {
  const provider = deps.providers.get(row.provider ?? "");
  const requestId = row.providerRequestId ?? row.reference;
  const answer = await askProvider(
    (signal) => provider.buy(requestId, row.order as ProviderOrder, signal),
    deps.logger,
    row.reference,
    notReached,
  );
  return settlePurchase(deps, row.id, answer, "purchase");
}
