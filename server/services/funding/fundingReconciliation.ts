import { and, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable, Transaction } from "../../db/database";
import { reconciliationRuns, transactions, users } from "../../db/schema";
import { describeError } from "../../http/describeError";
import { addDays, lagosDay, lagosDayStart } from "../../lagosCalendar";
import type { PaymentGateway } from "../../outside/gateway";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { claimDueTransactions } from "../transactions/claimDueTransactions";
import { recordEvent } from "../transactions/transactionRecords";
import { type Applied, applyGatewayPayment } from "./gatewayPayments";

export type ReconcileDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "referral" | "fundingCheckAfterMs" | "fundingExpiryMs">;
  gateway: PaymentGateway;
  logger: Pick<Logger, "warn" | "error" | "info">;
};

/** A run that started this long ago and never finished died with its process; another may take over. */
const staleRunMs = 15 * 60_000;

/**
 * Asks the gateway, by reference, about card fundings still pending a while after checkout: a missed
 * webhook must not lose a customer's money. Claims them with SKIP LOCKED and books the next check in
 * the same short transaction (several instances may run this); asks outside any transaction. One
 * never paid is marked failed once it expires; a payment that comes later still credits it.
 */
export async function checkPendingFundings(deps: ReconcileDeps, batchSize = 20): Promise<number> {
  const now = deps.clock.now();
  const fundings = and(eq(transactions.kind, "funding"), eq(transactions.provider, deps.gateway.name));
  const claimed = await claimDueTransactions(deps, fundings, deps.config.fundingCheckAfterMs, batchSize);

  for (const funding of claimed) {
    try {
      const payment = await deps.gateway.verify(funding.reference);
      if (payment?.status === "successful") {
        await applyGatewayPayment(deps, deps.gateway.name, payment, { how: "reconciliation", actorId: null });
      } else if (now.getTime() - funding.createdAt.getTime() >= deps.config.fundingExpiryMs) {
        await expire(deps, funding.id, payment?.status ?? "unknown to the gateway");
      }
    } catch (error) {
      deps.logger.warn(
        { reference: funding.reference, err: error instanceof Error ? error.message : String(error) },
        "could not check a pending funding with the gateway; will ask again",
      );
    }
  }
  return claimed.length;
}

async function expire(deps: ReconcileDeps, id: string, gatewayStatus: string) {
  await deps.db.transaction(async (tx) => {
    const [expired] = await tx
      .update(transactions)
      .set({
        status: "failed",
        failureReason: "The payment was not completed.",
        nextRequeryAt: null,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(transactions.id, id), eq(transactions.status, "pending")))
      .returning({ id: transactions.id });
    if (expired) {
      await recordEvent(
        tx,
        deps.clock,
        id,
        "failed",
        `Not paid in time (the gateway says ${gatewayStatus}). A payment that still comes will be credited.`,
      );
    }
  });
}

export type RunRow = typeof reconciliationRuns.$inferSelect;

/**
 * Lists the gateway's successful payments of one Lagos day and credits any we never credited (a
 * webhook lost, the customer never back), each audited as funding.reconciled. One run per day at a
 * time across instances: the day's row is claimed first. Payments matching nothing are listed for staff.
 */
export async function reconcileDay(deps: ReconcileDeps, day: string, by: Actor | null): Promise<RunRow> {
  const actorId = by?.user.id ?? null;
  const now = deps.clock.now();
  const [claimed] = await deps.db
    .insert(reconciliationRuns)
    .values({ day, gateway: deps.gateway.name, status: "running", startedAt: now, ranBy: actorId })
    .onConflictDoUpdate({
      target: reconciliationRuns.day,
      set: {
        status: "running",
        startedAt: now,
        finishedAt: null,
        error: null,
        ranBy: actorId,
        checked: 0,
        credited: 0,
        creditedAmount: 0,
        unmatched: [],
      },
      setWhere: sql`${reconciliationRuns.status} <> 'running' or ${reconciliationRuns.startedAt} < ${new Date(now.getTime() - staleRunMs).toISOString()}::timestamptz`,
    })
    .returning();
  if (!claimed) {
    // Another run has the day: staff's asking is still audited, with the run as it stands.
    const running = (await runOf(deps.db, day)) as RunRow;
    if (by) await deps.db.transaction((tx) => auditRun(tx, deps.clock, by, day, running));
    return running;
  }

  try {
    const payments = await deps.gateway.listSuccessful(lagosDayStart(day), lagosDayStart(addDays(day, 1)));
    let credited = 0;
    let creditedAmount = 0;
    const unmatched: string[] = [];
    for (const payment of payments) {
      const applied: Applied = await applyGatewayPayment(deps, deps.gateway.name, payment, {
        how: "reconciliation",
        actorId,
      });
      if (applied.outcome === "credited") {
        credited += 1;
        creditedAmount += payment.amount;
      }
      if (applied.outcome === "unknown_reference" || applied.outcome === "amount_mismatch")
        unmatched.push(payment.reference);
    }
    const done = await finishRun(deps, day, by, {
      status: "done",
      finishedAt: deps.clock.now(),
      checked: payments.length,
      credited,
      creditedAmount,
      unmatched,
    });
    if (credited > 0 || unmatched.length > 0)
      deps.logger.warn(
        { day, credited, creditedAmount, unmatched },
        "reconciliation found payments we had missed",
      );
    return done;
  } catch (error) {
    const message = describeError(error).message ?? "unknown error";
    deps.logger.error({ day, err: error }, "reconciliation run failed");
    const end = { status: "failed", finishedAt: deps.clock.now(), error: message.slice(0, 500) } as const;
    return finishRun(deps, day, by, end);
  }
}

/**
 * Writes how a run ended. A run staff started is audited with what it came to in the same
 * transaction; one on schedule has no one to audit and needs no transaction.
 */
async function finishRun(
  deps: ReconcileDeps,
  day: string,
  by: Actor | null,
  end: Partial<typeof reconciliationRuns.$inferInsert>,
): Promise<RunRow> {
  const write = async (db: Queryable) =>
    (
      await db.update(reconciliationRuns).set(end).where(eq(reconciliationRuns.day, day)).returning()
    )[0] as RunRow;
  if (!by) return write(deps.db);
  return deps.db.transaction(async (tx) => {
    const run = await write(tx);
    await auditRun(tx, deps.clock, by, day, run);
    return run;
  });
}

/** The audit row of a run staff started. */
function auditRun(tx: Transaction, clock: Clock, by: Actor, day: string, run: RunRow) {
  return recordAuditBy(tx, clock, by, {
    action: "reconciliation.run",
    targetType: "reconciliation",
    targetId: day,
    before: null,
    after: { status: run.status, checked: run.checked, credited: run.credited, unmatched: run.unmatched },
  });
}

async function runOf(db: Database, day: string) {
  return (await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.day, day)))[0];
}

/** Yesterday's run, once the Lagos day has turned, unless it is done (or running, or failed just now). */
export async function reconcileYesterdayIfDue(deps: ReconcileDeps): Promise<RunRow | null> {
  const now = deps.clock.now();
  const yesterday = addDays(lagosDay(now), -1);
  const run = await runOf(deps.db, yesterday);
  if (run?.status === "done") return null;
  if (run && (run.finishedAt ?? run.startedAt).getTime() > now.getTime() - staleRunMs) return null;
  return reconcileDay(deps, yesterday, null);
}

/** The latest runs, newest day first, as the admin sees them. */
export async function latestRuns(db: Database, limit = 7) {
  const rows = await db
    .select({ run: reconciliationRuns, by: { id: users.id, email: users.email } })
    .from(reconciliationRuns)
    .leftJoin(users, eq(users.id, reconciliationRuns.ranBy))
    .orderBy(desc(reconciliationRuns.day))
    .limit(limit);
  return rows.map(({ run, by }) => runView(run, by?.id ? by : null));
}

export function runView(run: RunRow, ranBy: { id: string; email: string } | null) {
  return {
    day: run.day,
    gateway: run.gateway,
    status: run.status,
    started_at: run.startedAt.toISOString(),
    finished_at: run.finishedAt?.toISOString() ?? null,
    checked: run.checked,
    credited: run.credited,
    credited_amount: run.creditedAmount,
    unmatched: run.unmatched,
    error: run.error,
    ran_by: ranBy,
  };
}
