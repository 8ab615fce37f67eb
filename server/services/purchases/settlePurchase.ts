import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Logger } from "pino";
import { formatNaira } from "../../../schemas/money";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable, Transaction } from "../../db/database";
import { writeStep } from "../../db/oneStatement";
import { preparedOnce } from "../../db/preparedOnce";
import {
  idempotencyKeys,
  ledgerTransactions,
  mailOutbox,
  transactionEvents,
  transactions,
  users,
  wallets,
} from "../../db/schema";
import { tokenMail, vouchersMail } from "../../mail/messages";
import type { MailOutbox } from "../../mail/outbox";
import type { AppMetrics } from "../../metrics/appMetrics";
import type { ProviderResult } from "../../outside/provider";
import { providerNameOf } from "../../outside/providerSet";
import { sealSecret } from "../accounts/secretBox";
import { wasRedelivered } from "../disputes/disputeViews";
import { requestCompletion } from "../idempotency";
import { payerOf, postingLines, postings } from "../ledger/postings";
import { ledgerJson, ledgerPosting, ledgerRows } from "../ledger/postLedger";
import { noticeToCustomer } from "../notices/customerNotices";
import { providerAlertsCleared, raiseProviderAlert } from "../routing/providerAlerts";
import { circuitClosed, circuitFailed, outcomeInsert, outcomeOf } from "../routing/providerHealth";
import type { SmsSending } from "../sms/smsSender";
import {
  eventInsert,
  eventValues,
  recordEvent,
  type TransactionRow,
} from "../transactions/transactionRecords";
import { withLoadCodes } from "./rechargeCards";
import { sealVouchers, withEveryPin } from "./vouchers";

/**
 * The purchase's own settle: its request, marked answered with the outcome, and how long its
 * provider took, counted in the provider's health.
 */
export interface Answered {
  userId: string;
  requestId: string;
  latencyMs?: number;
  /**
   * The purchase's requery count when it was held (or moved on): a count grown since means the requery
   * worker claimed it meanwhile, and the purchase's own failed answer then leaves it to the worker.
   */
  requeryAttempts?: number;
}

export type SettleDeps = {
  db: Database;
  clock: Clock;
  config: Pick<Config, "requeryBaseDelayMs" | "voucherKey" | "totpKey">;
  logger: Pick<Logger, "error" | "warn">;
  /** Null where nobody scrapes metrics (METRICS_TOKEN unset). */
  metrics: Pick<AppMetrics, "purchaseSettled"> | null;
  /** Sends the PINs' mail a delivery just committed; without it, the background work's next run does. */
  outbox?: Pick<MailOutbox, "kick">;
  /** Sends the SMS a settle just queued (purchase_sms.sql); null while this deployment has no SMS. */
  sms?: Pick<SmsSending, "kick"> | null;
};

/** Who brought the answer: the purchase itself, the requery worker, a provider webhook, or staff. */
export type SettleSource = "purchase" | "requery" | "webhook" | "staff";

const maxDelayMs = 30 * 60_000;

/** The answers that are the provider's word on the purchase now: a requery (the worker's, staff's, a webhook's). */
const asked = (source: SettleSource) => source !== "purchase";

/**
 * How long after a purchase a provider that has no record of it at all (VTpass `015`) is believed:
 * our call to it gave up long before, so it can no longer arrive and be delivered.
 */
export const unknownRequestAfterMs = 30 * 60_000;

/** When to ask the provider again: the base delay, doubling with each attempt, at most 30 minutes. */
export function requeryDelay(baseMs: number, attempts: number): number {
  return Math.min(maxDelayMs, baseMs * 2 ** Math.min(attempts, 20));
}

type Update = PgUpdateSetSource<typeof transactions>;

const finalStatuses: ReadonlySet<string> = new Set(["successful", "failed", "reversed"]);

/**
 * The one place a settled purchase is counted, after its commit: when an answer moved it from
 * `from` into a final status (a reversal after delivery counts as reversed, once more).
 */
function counted(deps: SettleDeps, from: TransactionRow["status"], row: TransactionRow): TransactionRow {
  if (row.status !== from && finalStatuses.has(row.status)) {
    deps.metrics?.purchaseSettled(row);
    // An electricity purchase's settle queued its token or outcome by SMS (purchase_sms.sql, the
    // default setting): sent now, not at the background work's next run. Other kinds are texted only
    // to customers who chose all outcomes, which the settle does not read; theirs leave with that run
    // (REQUERY_INTERVAL_MS), so that an airtime purchase costs no claim of the SMS outbox.
    if (row.kind === "electricity" && !row.apiKeyId) deps.sms?.kick();
  }
  // The delivery's statement put the PINs' mail in the outbox (`deliver`): send it now, not in 10 s.
  if (from === "pending" && row.status === "successful" && (row.vouchers || row.token) && !row.apiKeyId)
    deps.outbox?.kick();
  return row;
}

type WriteStep = ReturnType<typeof writeStep>;

/** The purchase's new state, written by one statement with `writes` (its posting, its event). */
async function finish(tx: Transaction, row: TransactionRow, set: Update, now: Date, writes: WriteStep[]) {
  const update = writes.length ? tx.with(...writes).update(transactions) : tx.update(transactions);
  const [done] = await update
    .set({ ...set, updatedAt: now })
    .where(eq(transactions.id, row.id))
    .returning();
  return done as TransactionRow;
}

/**
 * The wallet's balance as the UPDATE that writes it into the purchase reads it: after the money went
 * back, which a statement before it wrote (a step of the same statement would see the balance before).
 */
const balanceNow = (walletId: string) =>
  sql<number>`(select ${wallets.balance} from ${wallets} where ${wallets.id} = ${walletId})`;

async function alreadyReversed(tx: Transaction, id: string) {
  const [found] = await tx
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.transactionId, id), eq(ledgerTransactions.kind, "purchase_reversed")))
    .limit(1);
  return Boolean(found);
}

/**
 * Records the provider's answer in one database transaction, with the money it moves. A pending
 * purchase becomes successful, failed (money back) or reversed (money back); a delivered one can
 * still be reversed by the provider (money back, once). Anything else is left as it is, so the
 * purchase, the requery worker, a webhook and staff can all bring answers without settling twice.
 */
export async function settlePurchase(
  deps: SettleDeps,
  transactionId: string,
  answer: ProviderResult,
  source: SettleSource,
  /** The request that made the purchase, marked answered in the same statement (the purchase's own settle). */
  answered?: Answered,
): Promise<TransactionRow> {
  let result = answer;
  let from: TransactionRow["status"] = "pending";
  const settled = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for("update");
    if (!row) throw new Error(`no transaction ${transactionId}`);
    from = row.status;
    // A "delivered" short of PINs is pending; said in the history so staff see why it waits.
    const shortOfPins = result.status === "successful" && withEveryPin(row, result) !== result;
    result = withEveryPin(row, result);
    if (
      asked(source) &&
      result.status === "failed" &&
      (row.status === "successful" || row.status === "refunded")
    ) {
      // Asked now, the provider says a purchase it had delivered failed: it kept nothing for it, as in a
      // reversal, so it is settled as one (money back once). The purchase's own call answering late (a
      // declined first try) is not the provider's word on it now, and is not believed over a delivery.
      result = {
        status: "reversed",
        reason: result.reason,
        providerReference: result.providerReference,
        note: result.note,
      };
    }
    const now = deps.clock.now();
    const providerReference = result.providerReference ?? row.providerReference;
    const said = result.note ? ` (${result.note})` : "";
    const event = (status: TransactionRow["status"], note: string) =>
      writeStep(tx, "event_recorded", eventInsert(tx, deps.clock, row.id, status, note));
    const completion = answered
      ? [
          writeStep(
            tx,
            "request_answered",
            requestCompletion(tx, deps.clock, answered.userId, answered.requestId),
          ),
        ]
      : [];

    if (
      row.status === "pending" &&
      result.status === "pending" &&
      result.unknownRequest &&
      // Counted from the last time we sent it (a re-send restarts the count): a request of ours can
      // still arrive late only so long after it left.
      now.getTime() - (row.providerSentAt ?? row.createdAt).getTime() >= unknownRequestAfterMs
    ) {
      result = {
        status: "failed",
        reason: "The provider has no record of this purchase, so nothing was charged.",
      };
    }

    if (
      row.status === "pending" &&
      result.status === "failed" &&
      answered?.requeryAttempts !== undefined &&
      row.requeryAttempts !== answered.requeryAttempts
    ) {
      // The requery worker claimed the purchase while its own call was answered: two hands must not
      // settle it. The worker may find the provider has no record and re-send the same request id,
      // which can deliver; a refund here would then pay for a delivered purchase. It stays pending,
      // the worker's to settle by what the provider says.
      result = {
        status: "pending",
        note: `The provider declined (${result.reason}), but the requery worker had taken the purchase over; it settles it with the provider.`,
      };
    }

    if (answered?.latencyMs !== undefined && answer.status !== "successful") {
      // The purchase's own answer counts for its provider's health and circuit (a delivery counts in `deliver`).
      const { outcome, breaks } = outcomeOf(answer);
      const provider = providerNameOf(row);
      const values = { provider, service: row.kind, latencyMs: answered.latencyMs, at: now, breaks };
      // One statement, so the circuit's count does not see this outcome yet and counts it as one more.
      await tx.execute(
        breaks
          ? sql`with outcome as (${outcomeInsert(outcome, values)}) ${circuitFailed(provider, now)}`
          : outcomeInsert(outcome, values),
      );
    }

    if (row.status === "pending" && result.status === "successful") {
      const done = await deliver(tx, deps, row, result, answered);
      if (!done) throw new Error(`${row.reference} was locked pending, yet not delivered`);
      return done;
    }

    /** The purchase ends with its money back in the wallet (the posting already written). */
    const moneyBack = (status: "failed" | "reversed", reason: string) =>
      finish(
        tx,
        row,
        {
          status,
          failureReason: reason,
          providerReference,
          balanceAfter: balanceNow(row.walletId),
          nextRequeryAt: null,
        },
        now,
        completion,
      );

    if (row.status === "pending" && result.status === "failed") {
      // The money goes back first; the purchase's row then reads the balance it left.
      const recorded = tx
        .insert(transactionEvents)
        .values(
          eventValues(
            deps.clock,
            row.id,
            "failed",
            `The provider declined: ${result.reason} The money went back to the wallet.${said}`,
          ),
        );
      const released = ledgerPosting(deps.clock, row.id, postingLines.release(payerOf(row), row.total));
      if (!released) throw new Error("a declined purchase gives its money back");
      await tx.execute(sql`with event_recorded as (${recorded.getSQL()}) select ${released}`);
      if (result.alert)
        await raiseProviderAlert(
          tx,
          deps.clock,
          providerNameOf(row),
          result.alert,
          result.note ?? result.reason,
        );
      return moneyBack("failed", result.reason);
    }

    if (result.status === "reversed" && row.status === "successful" && (await wasRedelivered(tx, row.id))) {
      // Sent again at OjaPay's cost after a dispute, the customer has what they paid for, once: as after
      // a staff refund, the provider's reversal of the first delivery only corrects the books (its money
      // to the refunds account that paid the second), and the purchase stays delivered.
      if (!(await alreadyReversed(tx, row.id))) {
        await postings.reverseRefunded(tx, deps.clock, row.id, row.total, row.cost);
        await recordEvent(
          tx,
          deps.clock,
          row.id,
          "successful",
          `The provider reversed this purchase, which OjaPay had sent again at its cost; ${formatNaira(row.total)} went back to the refunds account.${said}`,
        );
      }
      if (answered) await requestCompletion(tx, deps.clock, answered.userId, answered.requestId);
      return row;
    }

    if (result.status === "reversed" && (row.status === "pending" || row.status === "successful")) {
      if (row.status === "pending")
        await postings.reverseHeld(tx, deps.clock, row.id, payerOf(row), row.total);
      else await postings.reverseDelivered(tx, deps.clock, row.id, payerOf(row), row.total, row.cost);
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "reversed",
        `The provider reversed this purchase; ${formatNaira(row.total)} went back to the wallet.${said}`,
      );
      if (!row.paidByHouse)
        await noticeToCustomer(tx, deps.clock, row.userId, {
          title: "A purchase was reversed",
          body: `The provider reversed ${row.description} (${row.reference}). ${formatNaira(row.total)} is back in your wallet.`,
        });
      return moneyBack("reversed", result.reason);
    }

    if (result.status === "reversed" && row.status === "refunded" && !(await alreadyReversed(tx, row.id))) {
      // Staff had already given the customer their money; the provider's reversal only corrects our books.
      await postings.reverseRefunded(tx, deps.clock, row.id, row.total, row.cost);
      await recordEvent(
        tx,
        deps.clock,
        row.id,
        "refunded",
        `The provider reversed this refunded purchase.${said}`,
      );
      if (answered) await requestCompletion(tx, deps.clock, answered.userId, answered.requestId);
      return row;
    }

    if (row.status !== "pending") {
      if (answered) await requestCompletion(tx, deps.clock, answered.userId, answered.requestId);
      return row;
    }

    // Still unknown (a timeout, an unclear answer): the money stays held until a requery settles it.
    if (result.status === "pending" && result.alert)
      await raiseProviderAlert(
        tx,
        deps.clock,
        providerNameOf(row),
        result.alert,
        result.note ?? "The provider refused our keys",
      );
    const next = new Date(now.getTime() + requeryDelay(deps.config.requeryBaseDelayMs, row.requeryAttempts));
    return finish(tx, row, { providerReference, nextRequeryAt: next }, now, [
      ...(source === "purchase"
        ? [event("pending", `Sent to the provider; no final answer yet, so the money stays held.${said}`)]
        : shortOfPins
          ? [event("pending", `${result.note ?? ""} The money stays held.`)]
          : []),
      ...completion,
    ]);
  });

  if (result.status === "failed" && result.alert) {
    // Nothing will sell until someone fixes the account: loud in the log, and on the staff dashboard.
    deps.logger.error(
      { alert: result.alert, reference: settled.reference, provider: result.note },
      "the provider refused our account; the customer was refunded",
    );
  }
  return counted(deps, from, settled);
}

/** The columns of an INSERT's list, by their names in the database (a list takes no table name). */
const columnsOf = (...columns: AnyPgColumn[]) =>
  sql.join(
    columns.map((column) => sql.identifier(column.name)),
    sql`, `,
  );

/**
 * The one definition of "delivered": one statement, run on its own by the purchase (no transaction of
 * four) or inside `settlePurchase`'s transaction by everyone else. Its UPDATE takes the purchase only
 * while it is still pending, under the row's lock, and every other write (the posting, the event,
 * clearing the provider's account alerts, marking the request answered where `answered` names it)
 * reads that UPDATE's RETURNING, so they all happen or none does; the database's balance check runs
 * at the end of the statement as at any commit. Answers null when the purchase was no longer pending
 * (a requery or staff got there first): the caller settles the usual way.
 */
async function deliver(
  db: Queryable,
  deps: SettleDeps,
  held: TransactionRow,
  result: Extract<ProviderResult, { status: "successful" }>,
  answered: Answered | undefined,
): Promise<TransactionRow | null> {
  const now = deps.clock.now();
  const said = result.note ? ` (${result.note})` : "";
  const vouchers = result.vouchers?.length ? result.vouchers : null;
  const set = {
    status: "successful" as const,
    providerReference: result.providerReference ?? held.providerReference,
    token: result.token ?? null,
    units: result.units ?? null,
    kcts: result.kcts?.join(" ") ?? null,
    vouchers: vouchers && sealVouchers(deps.config.voucherKey, vouchers),
    nextRequeryAt: null,
    updatedAt: now,
  };
  // The buyer keeps a copy of the PINs by email; a program buying with a key reads them from the API.
  // A prepaid token too, whether or not an SMS carries it (issue 38).
  const mail = held.apiKeyId
    ? null
    : vouchers
      ? vouchersMail(held.product ?? held.description, held.reference, withLoadCodes(held, vouchers))
      : result.token && held.kind === "electricity"
        ? tokenMail(
            held.recipient ?? "",
            held.reference,
            result.token,
            result.units ?? null,
            result.kcts ?? null,
          )
        : null;
  const ledger = ledgerRows({ now: () => now }, held.id, postingLines.deliver(held.total, held.cost));
  if (!ledger) throw new Error("a delivery moves money");
  const { ledger_transaction, entries } = ledgerJson(ledger);
  const values: Record<string, unknown> = {
    id: held.id,
    at: now.toISOString(),
    providerReference: set.providerReference,
    token: set.token,
    units: set.units,
    kcts: set.kcts,
    vouchers: set.vouchers,
    buyer: held.userId,
    mail: mail && sealSecret(deps.config.totpKey, JSON.stringify({ subject: mail.subject, text: mail.text })),
    mailKind: mail?.kind ?? null,
    ledgerTransaction: JSON.stringify(ledger_transaction),
    entries: JSON.stringify(entries),
    note: `The provider delivered.${said}`,
    userId: answered?.userId ?? null,
    requestId: answered?.requestId ?? null,
    latencyMs: answered?.latencyMs ?? null,
    service: held.kind,
  };
  const [row] = await deliverStatement(db).execute(values);
  if (!row) return null;
  return { ...held, ...set, requeryAttempts: row.requeryAttempts };
}

/** `deliver`'s statement, prepared once: it is sent after every delivered purchase. */
const deliverStatement = (db: Queryable) =>
  preparedOnce(db, "purchase_deliver", (db, name) => {
    const value = (name: string) => sql`${sql.placeholder(name)}`;
    const at = sql`${sql.placeholder("at")}::timestamptz`;
    const t = transactions;
    const ev = transactionEvents;
    const keys = idempotencyKeys;
    const settled = db
      .update(t)
      .set({
        status: "successful",
        providerReference: value("providerReference"),
        token: value("token"),
        units: value("units"),
        kcts: value("kcts"),
        vouchers: value("vouchers"),
        nextRequeryAt: null,
        updatedAt: at,
      })
      .where(and(eq(t.id, sql.placeholder("id")), eq(t.status, "pending")))
      .returning({ id: t.id, requeryAttempts: t.requeryAttempts, provider: t.provider });
    const settledProvider = sql`(select provider from settled)`;
    const ownAnswer = sql`exists (select from settled) and ${sql.placeholder("latencyMs")}::integer is not null`;
    // The ledger is written by post_ledger, a SELECT: the main query reads it (from `posted`), or
    // Postgres would not run it. It runs once, and only if the purchase was still pending.
    const posted = sql`select post_ledger(${value("ledgerTransaction")}::jsonb, ${value("entries")}::jsonb) from settled`;
    return db
      .with(
        writeStep(db, "settled", settled),
        writeStep(db, "posted", posted),
        writeStep(
          db,
          "event_recorded",
          sql`insert into ${ev} (${columnsOf(ev.transactionId, ev.status, ev.note, ev.createdAt)})
            select settled.id, 'successful', ${value("note")}, ${at} from settled`,
        ),
        writeStep(db, "alerts_cleared", providerAlertsCleared(db, sql`(select provider from settled)`)),
        // The PINs' or the token's mail, sealed like a code (mail/outbox.ts), only if this statement delivered them.
        writeStep(
          db,
          "pins_mailed",
          sql`insert into ${mailOutbox} (${columnsOf(mailOutbox.kind, mailOutbox.recipient, mailOutbox.message, mailOutbox.sealed, mailOutbox.createdAt, mailOutbox.nextAttemptAt)})
            select ${value("mailKind")}::text, ${users.email}, ${value("mail")}, true, ${at}, ${at}
            from settled join ${users} on ${users.id} = ${value("buyer")}::uuid
            where ${value("mail")}::text is not null`,
        ),
        // The purchase's own answer counts for its provider's health (a later settle's does not).
        writeStep(
          db,
          "outcome_recorded",
          outcomeInsert(
            "successful",
            { provider: settledProvider, service: value("service"), latencyMs: value("latencyMs"), at },
            ownAnswer,
          ),
        ),
        writeStep(db, "circuit_closed", circuitClosed(settledProvider, ownAnswer)),
        writeStep(
          db,
          "request_answered",
          sql`update ${keys} set ${sql.identifier(keys.completedAt.name)} = ${at}
            where ${sql.identifier(keys.userId.name)} = ${value("userId")}
              and ${sql.identifier(keys.requestId.name)} = ${value("requestId")}
              and exists (select 1 from settled)`,
        ),
      )
      .select({ requeryAttempts: sql<number>`settled.requery_attempts`.mapWith(Number) })
      .from(sql`settled, posted`)
      .prepare(name);
  });

/**
 * The purchase's own settle, of the purchase `held` just made: a delivered answer in one statement
 * (`deliver`), anything else, or a purchase someone else settled first, as `settlePurchase` does.
 * Either way the request is marked answered with the outcome.
 */
export async function settleHeld(
  deps: SettleDeps,
  held: TransactionRow,
  answer: ProviderResult,
  answered: Answered,
): Promise<TransactionRow> {
  const whole = withEveryPin(held, answer);
  if (whole.status === "successful") {
    const delivered = await deliver(deps.db, deps, held, whole, answered);
    if (delivered) return counted(deps, "pending", delivered);
  }
  return settlePurchase(deps, held.id, whole, "purchase", {
    ...answered,
    requeryAttempts: held.requeryAttempts,
  });
}
