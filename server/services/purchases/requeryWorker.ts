import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { purchaseKinds } from "../../../schemas/transactions";
import type { Config } from "../../config";
import type { Database, Transaction } from "../../db/database";
import { type InstancePresence, livingInstances } from "../../db/instancePresence";
import { transactions } from "../../db/schema";
import type { ProviderOrder, ProviderResult } from "../../outside/provider";
import { providerNameOf } from "../../outside/providerSet";
import { notFound } from "../../refusal";
import type { TransactionRow } from "../transactions/transactionRecords";
import { askProvider } from "./askProvider";
import type { PurchaseDeps } from "./placePurchase";
import { type SettleSource, settlePurchase, unknownRequestAfterMs } from "./settlePurchase";

/** The id the provider knows the purchase by; purchases held before it was stored used their reference. */
export const requestIdOf = (row: { providerRequestId: string | null; reference: string }) =>
  row.providerRequestId ?? row.reference;

/**
 * A provider's event about the purchase it knows by `requestId`: the purchase is asked about at once
 * when still askable; unknown or already final, there is nothing to ask ("ignored").
 */
export async function requeryOnProviderEvent(deps: PurchaseDeps, requestId: string) {
  const [row] = await deps.db
    .select()
    .from(transactions)
    .where(eq(transactions.providerRequestId, requestId))
    .limit(1);
  const askable = row && (row.status === "pending" || row.status === "successful");
  return askable ? (await requeryOne(deps, row, "webhook")).status : "ignored";
}

/**
 * Takes one purchase for a requery asked now (staff's, a dispute's), under its row lock in a short
 * transaction of its own: its requery count grows, so the purchase's own answer arriving meanwhile
 * leaves it to this requery (settlePurchase), which may re-send the same request id. `within` refuses
 * or audits under the same lock. Answers the purchase as claimed.
 */
export async function claimForRequery(
  db: Database,
  id: string,
  within: (tx: Transaction, row: TransactionRow, attempts: number) => Promise<void> = async () => {},
): Promise<TransactionRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(transactions).where(eq(transactions.id, id)).for("update");
    if (!row) throw notFound("No transaction with that id.");
    const attempts = row.requeryAttempts + 1;
    await within(tx, row, attempts);
    await tx.update(transactions).set({ requeryAttempts: attempts }).where(eq(transactions.id, id));
    return { ...row, requeryAttempts: attempts };
  });
}

/** Asks the provider about one purchase now, outside any database transaction, and settles the answer. */
export async function requeryOne(deps: PurchaseDeps, row: AskedAbout, source: SettleSource) {
  return settlePurchase(deps, row.id, await askAgain(deps, row), source);
}

type AskedAbout = {
  id: string;
  reference: string;
  providerRequestId: string | null;
  providerReference: string | null;
  order: unknown;
  provider: string | null;
  createdAt: Date;
};

/**
 * The provider's answer about one purchase, asked outside any database transaction (re-sent under the
 * same request id if the provider never got it); the caller settles it. A dispute keeps it too.
 */
export async function askAgain(deps: PurchaseDeps, row: AskedAbout): Promise<ProviderResult> {
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
  return answer;
}

/** What the requery worker needs: the purchase's deps, and this instance as the others see it. */
export type RequeryDeps = PurchaseDeps & {
  config: Pick<Config, "requeryConcurrency">;
  instance: Pick<InstancePresence, "id">;
};

/**
 * How long a claimed purchase stays this instance's alone: its requery and the re-send it may bring,
 * each cut at the provider's time limit, and then the settle, which books the real next time. Should
 * the instance die meanwhile, the others need not wait this out (`askAboutOrphans`).
 */
const claimLeaseMs = (config: Pick<Config, "providerTimeoutMs" | "requeryBaseDelayMs">) =>
  2 * config.providerTimeoutMs + config.requeryBaseDelayMs;

const pendingPurchase = and(
  eq(transactions.status, "pending"),
  inArray(transactions.kind, [...purchaseKinds]),
);

/**
 * Claims up to `limit` of one provider's pending purchases whose time has come, in one statement: FOR
 * UPDATE SKIP LOCKED, so instances claiming at once take different ones, and each claimed one is
 * leased to this instance (`asked_by`, and a next time past its lease) so no other asks it meanwhile.
 */
export async function claimPurchasesDue(
  deps: Pick<RequeryDeps, "db" | "clock" | "config" | "instance">,
  provider: string,
  limit: number,
): Promise<TransactionRow[]> {
  const now = deps.clock.now();
  const due = deps.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(pendingPurchase, eq(transactions.provider, provider), lte(transactions.nextRequeryAt, now)))
    .orderBy(asc(transactions.nextRequeryAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  return deps.db
    .update(transactions)
    .set({
      requeryAttempts: sql`${transactions.requeryAttempts} + 1`,
      nextRequeryAt: new Date(now.getTime() + claimLeaseMs(deps.config)),
      askedBy: deps.instance.id,
    })
    .where(inArray(transactions.id, due))
    .returning();
}

/**
 * Makes due at once every pending purchase last sent or asked about by an instance no longer alive (a
 * crash, a stop the grace cut short): nobody is waiting on its answer, and its customer should not
 * wait for its booked time. Read in one statement with which instances are alive. Answers how many.
 */
export async function askAboutOrphans(deps: Pick<RequeryDeps, "db" | "clock">): Promise<number> {
  const now = deps.clock.now();
  const adopted = await deps.db
    .update(transactions)
    .set({ nextRequeryAt: now })
    .where(
      and(
        pendingPurchase,
        gt(transactions.nextRequeryAt, now),
        or(isNull(transactions.askedBy), sql`${transactions.askedBy} not in ${livingInstances}`),
      ),
    )
    .returning({ id: transactions.id });
  return adopted.length;
}

/**
 * One pass: claims, for every provider, as many purchases whose time has come as it may be asked about
 * at once (`REQUERY_CONCURRENCY`), asks about them all in parallel, outside any transaction, and settles
 * each answer. Answers how many it asked about. The running app uses the pump (requeryPump.ts), which
 * keeps claiming as answers come back; tests settle step by step with this.
 */
export async function requeryDue(
  deps: RequeryDeps,
  perProvider = deps.config.requeryConcurrency,
): Promise<number> {
  const claimed = await Promise.all(
    deps.providers.list.map((provider) => claimPurchasesDue(deps, provider.name, perProvider)),
  );
  const rows = claimed.flat();
  const settled = await Promise.allSettled(rows.map((row) => requeryOne(deps, row, "requery")));
  const failed = settled.find((outcome) => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return rows.length;
}
