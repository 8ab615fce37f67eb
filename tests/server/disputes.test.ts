import { and, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  disputes,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  smsMessages,
  smsPreferences,
  transactions,
  users,
} from "../../server/db/schema";
import { spentToday } from "../../server/services/kyc/tierLimits";
import { settlePurchase } from "../../server/services/purchases/settlePurchase";
import { refundWithin } from "../../server/services/transactions/staffTransactions";
import {
  expectBalancesMatchTransactions,
  expectLedgerConsistent,
  walletBalance,
} from "./support/ledgerInvariants";
import { type Customer, naira, ownServerWithin, serverForFile } from "./support/serverForFile";
import { onPostgres } from "./support/testDatabase";

const server = serverForFile({ PROVIDER_TIMEOUT_MS: "10000" });
let staff: { id: string; token: string; email: string };
beforeAll(async () => {
  staff = await server.signedInOperator("staff");
});
afterAll(async () => {
  await expectBalancesMatchTransactions(server.db);
});

const hour = 3_600_000;
const report = { reason: "not_received", details: "The airtime never came." } as const;

async function bought(phone = "08031234567") {
  const customer = await server.fundedCustomer(naira(5_000));
  const purchase = await server.boughtAirtime(customer, phone, naira(1_000));
  return { customer, purchase };
}
const rowOf = async (id: string) =>
  (await server.db.select().from(transactions).where(eq(transactions.id, id)))[0];
const dispute = (customer: Customer, id: string, body: unknown = report) =>
  server.post(`core/customer/transactions/${id}/dispute/`, body, customer.token);
const resolve = (id: string, body: unknown, token = staff.token) =>
  server.post(`core/staff/disputes/${id}/resolve/`, body, token);
/** The purchase's dispute as its receipt shows it. */
const shownDispute = (customer: Customer, id: string) =>
  server.sendOk("GET /core/customer/transactions/:id/dispute", { token: customer.token, params: { id } });
const queue = async (state: "open" | "closed" = "open", token = staff.token) =>
  (await server.sendOk("GET /core/staff/disputes", { token, query: { state, page_size: 100 } })).results;
const disputeOf = async (purchaseId: string) => {
  const found = (await queue()).find((d) => d.purchase.id === purchaseId);
  if (!found) throw new Error("the dispute is not in the queue");
  return found;
};
/** The refunds house account's balance: what it has paid out less what came back to it. */
const refundsAccount = async () =>
  Number(
    (
      await server.db
        .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.houseAccount, "refunds"))
    )[0]?.sum ?? 0,
  );
/** The ledger's refunds of a purchase: each is posted on a refund transaction naming the purchase. */
const refundsOf = (reference: string) =>
  server.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(transactions, eq(transactions.id, ledgerTransactions.transactionId))
    .where(
      and(
        eq(ledgerTransactions.kind, "purchase_refunded"),
        like(transactions.description, `Refund of % (${reference})`),
      ),
    );

describe("opening a dispute", () => {
  it("requeries at once: a purchase the provider now says failed gives its money back once and closes", async () => {
    // Ends in 1111: pending at first; the provider is then scripted to say it failed.
    const { customer, purchase } = await bought("08031231111");
    expect(purchase.status).toBe("pending");
    const requestId = (await rowOf(purchase.id))?.providerRequestId ?? "";
    server.vtpass.scriptRequery(requestId, { code: "000", status: "failed", keep: "failed" });
    const before = await walletBalance(server.db, customer.id);

    const answer = await dispute(customer, purchase.id);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "closed_by_requery", outcome: "requery" });
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
    expect((await rowOf(purchase.id))?.status).toBe("failed");
    expect(await shownDispute(customer, purchase.id)).toMatchObject({
      status: "closed_by_requery",
      reason: "not_received",
    });
    expect(server.mailbox.sent.filter((m) => m.to === customer.email).at(-1)?.text).toContain(
      "is back in your wallet",
    );
    // Texted at once: the closing kicked the SMS sender, whose run this waits for (no sendDue).
    await server.deps.sms?.idle();
    const [texted] = await server.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.transactionId, purchase.id), eq(smsMessages.purpose, "dispute")));
    expect(texted?.sentAt).not.toBeNull();
    const sent = server.deps.simulators?.termii.control.sent.filter((m) => m.to === texted?.recipient);
    expect(sent?.map((m) => m.sms)).toContainEqual(
      expect.stringContaining(`your report on ${purchase.reference} was answered`),
    );
    // Not in the staff queue, and the money came back only once.
    expect((await queue()).some((d) => d.purchase.id === purchase.id)).toBe(false);
    const again = await dispute(customer, purchase.id);
    expect(again.status).toBe(400);
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
  });

  it("closes a delivered purchase the provider has since reversed, money back once", async () => {
    const { customer, purchase } = await bought();
    const requestId = (await rowOf(purchase.id))?.providerRequestId ?? "";
    server.vtpass.scriptRequery(requestId, { code: "040", status: "reversed", keep: "reversed" });
    const before = await walletBalance(server.db, customer.id);
    const answer = await dispute(customer, purchase.id, { reason: "other", details: "Nothing came." });
    expect(answer.body.data).toMatchObject({ status: "closed_by_requery" });
    expect((await rowOf(purchase.id))?.status).toBe("reversed");
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
  });

  it("closes a delivered purchase the provider now says failed, as a reversal: money back once", async () => {
    const { customer, purchase } = await bought();
    expect(purchase.status).toBe("successful");
    const requestId = (await rowOf(purchase.id))?.providerRequestId ?? "";
    server.vtpass.scriptRequery(requestId, { code: "000", status: "failed", keep: "failed" });
    const before = await walletBalance(server.db, customer.id);
    const answer = await dispute(customer, purchase.id);
    expect(answer.body.data).toMatchObject({ status: "closed_by_requery", outcome: "requery" });
    expect((await rowOf(purchase.id))?.status).toBe("reversed");
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
    // Asked again (staff's requery), the same answer gives nothing more.
    const again = await server.post(`core/staff/transaction/${purchase.id}/requery/`, {}, staff.token);
    expect(again.status).toBe(400);
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
  });

  it("claims a pending purchase before asking again: the purchase's own late failure then leaves it pending", async () => {
    const { customer, purchase } = await bought("08031231111");
    expect(purchase.status).toBe("pending");
    const held = await rowOf(purchase.id);
    server.vtpass.scriptRequery(held?.providerRequestId ?? "", { code: "000", status: "pending" });
    const before = await walletBalance(server.db, customer.id);
    expect((await dispute(customer, purchase.id)).body.data).toMatchObject({ status: "open" });
    expect((await rowOf(purchase.id))?.requeryAttempts).toBe((held?.requeryAttempts ?? 0) + 1);
    // The purchase's own call answers only now, declined: the dispute's requery (which may have re-sent
    // the same request id) took it over, so it is not failed and refunded beside a delivery.
    const settled = await settlePurchase(
      server.deps,
      purchase.id,
      { status: "failed", reason: "Declined" },
      "purchase",
      { userId: customer.id, requestId: crypto.randomUUID(), requeryAttempts: held?.requeryAttempts ?? 0 },
    );
    expect(settled.status).toBe("pending");
    expect(await walletBalance(server.db, customer.id)).toBe(before);
  });

  it("joins the staff queue when the provider still says delivered, with its answer and a 72-hour deadline", async () => {
    const { customer, purchase } = await bought();
    const answer = await dispute(customer, purchase.id);
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Thanks: staff will answer within 72 hours.");
    const found = await disputeOf(purchase.id);
    expect(found).toMatchObject({
      status: "open",
      reason: "not_received",
      details: "The airtime never came.",
      overdue: false,
      requery: { status: "successful" },
      purchase: { reference: purchase.reference, status: "successful", total: purchase.total },
      customer: { id: customer.id, email: customer.email },
    });
    expect(Date.parse(found.deadline) - Date.parse(found.opened_at)).toBe(72 * hour);
    expect((await rowOf(purchase.id))?.status).toBe("successful");
    expect(await shownDispute(customer, purchase.id)).toMatchObject({
      status: "open",
      outcome: null,
      deadline: found.deadline,
    });
    const detail = await server.sendOk("GET /core/staff/disputes/:id", {
      token: staff.token,
      params: { id: found.id },
    });
    expect(detail.id).toBe(found.id);

    // One open dispute per purchase.
    const second = await dispute(customer, purchase.id);
    expect(second.status).toBe(409);
    expect(second.body.msg).toContain("already reported");

    const [opened] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, purchase.id), eq(auditLog.action, "dispute.open")));
    expect(opened).toMatchObject({ actorId: customer.id, after: { reason: "not_received" } });
  });

  it("holds one open dispute per purchase however many race to open it", async () => {
    const { customer, purchase } = await bought();
    const answers = await Promise.all(Array.from({ length: 5 }, () => dispute(customer, purchase.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await server.db.select().from(disputes).where(eq(disputes.transactionId, purchase.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses a purchase older than 30 days, someone else's, an unknown one and a bad body", async () => {
    const { customer, purchase } = await bought();
    const other = await server.fundedCustomer(0);
    const notTheirs = await dispute(other, purchase.id);
    expect(notTheirs.status).toBe(404);
    expect((await server.get(`core/customer/transactions/${purchase.id}/dispute/`, other.token)).status).toBe(
      404,
    );
    expect(await shownDispute(customer, purchase.id)).toBeNull();
    expect((await dispute(customer, crypto.randomUUID())).status).toBe(404);
    expect((await dispute(customer, "not-an-id")).status).toBe(404);

    const bad = await dispute(customer, purchase.id, { reason: "angry", details: "" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields ?? {}).sort()).toEqual(["details", "reason"]);
    expect((await dispute(customer, purchase.id, { ...report, extra: 1 })).status).toBe(400);

    await server.db
      .update(transactions)
      .set({ createdAt: new Date(server.clock.now().getTime() - 31 * 24 * hour) })
      .where(eq(transactions.id, purchase.id));
    const old = await dispute(customer, purchase.id);
    expect(old.status).toBe(400);
    expect(old.body.msg).toContain("within 30 days");

    // Staff hold no wallet and open no dispute; customers reach no queue.
    expect(
      (await server.post(`core/customer/transactions/${purchase.id}/dispute/`, report, staff.token)).status,
    ).toBe(403);
    expect((await server.get("core/staff/disputes/", customer.token)).status).toBe(403);
  });
});

describe("resolving a dispute", () => {
  it("refunds once, audited, and tells the customer", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    const before = await walletBalance(server.db, customer.id);
    const answer = await resolve(id, { outcome: "refund", note: "Network confirmed the outage" });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ status: "resolved_refund", resolved_by: staff.email });
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
    expect((await rowOf(purchase.id))?.status).toBe("refunded");
    expect(await shownDispute(customer, purchase.id)).toMatchObject({
      status: "resolved_refund",
      outcome: "refund",
      note: "Network confirmed the outage",
    });
    expect((await resolve(id, { outcome: "refund" })).status).toBe(409);
    expect(await refundsOf(purchase.reference)).toHaveLength(1);
    const [audited] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, purchase.id), eq(auditLog.action, "dispute.resolve")));
    expect(audited).toMatchObject({
      actorId: staff.id,
      after: { outcome: "refund", status: "resolved_refund" },
    });
    expect((await queue("closed")).some((d) => d.id === id)).toBe(true);
  });

  it("refunds once when twenty resolutions race", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    const before = await walletBalance(server.db, customer.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => resolve(id, { outcome: "refund", note: "Refund" })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
    expect(await refundsOf(purchase.reference)).toHaveLength(1);
    const refunds = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.kind, "refund"), eq(transactions.userId, customer.id)));
    expect(refunds).toHaveLength(1);
  });

  it("does not redeliver a purchase a staff refund had locked: the resolution waits and finds it refunded", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    const [operator] = await server.db.select().from(users).where(eq(users.id, staff.id));
    if (!operator) throw new Error("no staff row");
    let resolving: ReturnType<typeof resolve> | undefined;
    await server.db.transaction(async (tx) => {
      await refundWithin(tx, server.clock, { user: operator, ip: null }, purchase.id, "Never arrived");
      // On Postgres the resolution starts while the refund is not yet committed, and the refund commits
      // once the resolution waits on a lock (or, unlocked, has already answered). PGlite has one
      // connection, which this transaction holds: there it comes after the commit.
      if (!onPostgres()) return;
      let answered = false;
      resolving = resolve(id, { outcome: "redeliver" }).finally(() => {
        answered = true;
      });
      const waiting = async () => {
        const found = await server.db.execute(sql`select count(*)::int as n from pg_locks where not granted`);
        return ((found as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
      };
      while (!answered && !(await waiting())) await new Promise((r) => setTimeout(r, 20));
    });
    const answer = await (resolving ?? resolve(id, { outcome: "redeliver" }));
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toContain("already went back to the wallet");
    expect(await refundsOf(purchase.reference)).toHaveLength(1);
    const [open] = await server.db.select().from(disputes).where(eq(disputes.id, id));
    expect(open).toMatchObject({ status: "open", redeliveryId: null });
  });

  it("sends the provider's reversal of a purchase already sent again to the refunds account, once, not the wallet", async () => {
    const { customer, purchase } = await bought();
    // Told every outcome by SMS: still no "back in your wallet" text for this one.
    await server.sendOk("PUT /core/customer/sms", { token: customer.token, body: { sms_outcomes: "all" } });
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    expect((await resolve(id, { outcome: "redeliver", note: "" })).status).toBe(200);
    const before = await walletBalance(server.db, customer.id);
    const refundsBefore = await refundsAccount();
    const requestId = (await rowOf(purchase.id))?.providerRequestId ?? "";
    server.vtpass.scriptRequery(requestId, { code: "040", status: "reversed", keep: "reversed" });
    const asked = await server.post(`core/staff/transaction/${purchase.id}/requery/`, {}, staff.token);
    expect(asked.status).toBe(200);
    // The customer has what they paid for (the redelivery): served once, not paid back as well.
    expect((await rowOf(purchase.id))?.status).toBe("successful");
    expect(await walletBalance(server.db, customer.id)).toBe(before);
    expect(await refundsAccount()).toBe(refundsBefore + purchase.total);
    const told = await server.db.select().from(smsMessages).where(eq(smsMessages.transactionId, purchase.id));
    expect(told.filter((m) => m.purpose === "outcome")).toHaveLength(0);
    // Asked again, the same reversal moves nothing more.
    await server.post(`core/staff/transaction/${purchase.id}/requery/`, {}, staff.token);
    expect(await refundsAccount()).toBe(refundsBefore + purchase.total);
    await expectLedgerConsistent(server.db);
  });

  it("redelivers at the business's cost: a new purchase, the wallet untouched, the ledger balanced", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id, { reason: "token_not_working", details: "Try again please." });
    const { id } = await disputeOf(purchase.id);
    const before = await walletBalance(server.db, customer.id);
    const spent = await spentToday(server.db, server.clock, customer.id);
    const answer = await resolve(id, { outcome: "redeliver", note: "" });
    expect(answer.status).toBe(200);
    // Paid by the business: not the customer's spending against their daily limit.
    expect(await spentToday(server.db, server.clock, customer.id)).toBe(spent);
    const resolved = answer.body.data as { status: string; redelivery_reference: string };
    expect(resolved.status).toBe("resolved_redeliver");
    expect(await walletBalance(server.db, customer.id)).toBe(before);
    const [again] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, resolved.redelivery_reference));
    expect(again).toMatchObject({
      status: "successful",
      paidByHouse: true,
      recipient: purchase.recipient,
      total: purchase.total,
      kind: "airtime",
    });
    expect((await rowOf(purchase.id))?.status).toBe("successful");
    const lines = await server.db
      .select({
        wallet: ledgerEntries.walletId,
        house: ledgerEntries.houseAccount,
        amount: ledgerEntries.amount,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.ledgerTransactionId))
      .where(eq(ledgerTransactions.transactionId, again?.id ?? ""));
    expect(lines.every((l) => l.wallet === null)).toBe(true);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    expect(lines).toContainEqual({ wallet: null, house: "refunds", amount: -purchase.total });
    expect(await shownDispute(customer, purchase.id)).toMatchObject({ outcome: "redeliver" });
  });

  it("pays once for a purchase sent again: no refund, no second report, and no report of the redelivery", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    const answer = await resolve(id, { outcome: "redeliver" });
    expect(answer.status).toBe(200);
    const reference = (answer.body.data as { redelivery_reference: string }).redelivery_reference;
    const [again] = await server.db.select().from(transactions).where(eq(transactions.reference, reference));
    const before = await walletBalance(server.db, customer.id);

    const refunded = await server.post(
      `core/staff/transaction/${purchase.id}/refund/`,
      { reason: "Asked" },
      staff.token,
    );
    expect(refunded.status).toBe(400);
    expect(refunded.body.msg).toBe(
      "This purchase was sent again at OjaPay's cost: it cannot be refunded as well.",
    );
    const reported = await dispute(customer, purchase.id);
    expect(reported.status).toBe(400);
    expect(reported.body.msg).toContain("already sent again at OjaPay's cost");
    const redeliveryReported = await dispute(customer, again?.id ?? "");
    expect(redeliveryReported.status).toBe(400);
    expect(redeliveryReported.body.msg).toBe(
      "This was sent again at OjaPay's cost; contact support if it did not arrive.",
    );
    expect(await walletBalance(server.db, customer.id)).toBe(before);
    expect(await refundsOf(purchase.reference)).toHaveLength(0);
  });

  it("never both refunds and redelivers when a redelivery races a staff refund of the same purchase", async () => {
    const raced = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const { customer, purchase } = await bought();
        await dispute(customer, purchase.id);
        const { id } = await disputeOf(purchase.id);
        const redeliver = () => resolve(id, { outcome: "redeliver" });
        const refund = () =>
          server.post(
            `core/staff/transaction/${purchase.id}/refund/`,
            { reason: "Never arrived" },
            staff.token,
          );
        // Either asked first, half the time each.
        const [redelivered, refunded] =
          i % 2
            ? await Promise.all([redeliver(), refund()])
            : (await Promise.all([refund(), redeliver()])).reverse();
        return { purchase, id, statuses: [redelivered?.status, refunded?.status] };
      }),
    );
    for (const { purchase, id, statuses } of raced) {
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      const [closed] = await server.db.select().from(disputes).where(eq(disputes.id, id));
      const refunds = (await refundsOf(purchase.reference)).length;
      expect(refunds + (closed?.redeliveryId ? 1 : 0)).toBe(1);
    }
  });

  it("gives a declined redelivery's money back to the business, not the wallet", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    // The provider declines the next purchase for this number.
    server.vtpass.script(purchase.recipient ?? "", { code: "016" });
    const before = await walletBalance(server.db, customer.id);
    const spent = await spentToday(server.db, server.clock, customer.id);
    const answer = await resolve(id, { outcome: "redeliver" });
    expect(answer.status).toBe(200);
    // Never counted against the daily limit, so its failure gives the customer no extra room either.
    expect(await spentToday(server.db, server.clock, customer.id)).toBe(spent);
    const reference = (answer.body.data as { redelivery_reference: string }).redelivery_reference;
    const [again] = await server.db.select().from(transactions).where(eq(transactions.reference, reference));
    expect(again?.status).toBe("failed");
    expect(await walletBalance(server.db, customer.id)).toBe(before);
  });

  it("puts the dispute back in the queue when its redelivery is declined, tells the customer, and lets staff refund", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id, deadline } = await disputeOf(purchase.id);
    server.vtpass.script(purchase.recipient ?? "", { code: "016" });
    const answer = await resolve(id, { outcome: "redeliver" });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("The provider declined the redelivery: the dispute is open again.");
    const reference = (answer.body.data as { redelivery_reference: string }).redelivery_reference;
    expect(answer.body.data).toMatchObject({ status: "open", resolved_at: null, resolved_by: null });
    expect(reference).toBeTruthy();
    expect(await disputeOf(purchase.id)).toMatchObject({ id, deadline, redelivery_reference: reference });
    expect(await shownDispute(customer, purchase.id)).toMatchObject({ status: "open", outcome: null });
    const [told] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, customer.id), like(notifications.body, "%second try%")));
    expect(told?.body).toBe(`The second try (${reference}) failed; staff will look at it again.`);
    const [audited] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, purchase.id), eq(auditLog.action, "dispute.reopen")));
    expect(audited).toMatchObject({
      actorId: null,
      after: { status: "open", reason: "The provider declined the redelivery." },
    });
    // Open again, it is staff's to answer: a refund now pays the customer once.
    const before = await walletBalance(server.db, customer.id);
    expect((await resolve(id, { outcome: "refund", note: "Sent twice, failed twice" })).status).toBe(200);
    expect(await walletBalance(server.db, customer.id)).toBe(before + purchase.total);
  });

  it("texts no outcome for a declined redelivery: its money went back to the business, not the wallet", async () => {
    const { customer, purchase } = await bought();
    // Told every purchase's outcome by SMS, so only the redelivery's own rule keeps this one quiet.
    await server.db
      .insert(smsPreferences)
      .values({ userId: customer.id, outcomes: "all", updatedAt: server.clock.now() });
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    server.vtpass.script(purchase.recipient ?? "", { code: "016" });
    const answer = await resolve(id, { outcome: "redeliver" });
    const reference = (answer.body.data as { redelivery_reference: string }).redelivery_reference;
    const [again] = await server.db.select().from(transactions).where(eq(transactions.reference, reference));
    expect(again?.status).toBe("failed");
    expect(
      await server.db
        .select()
        .from(smsMessages)
        .where(eq(smsMessages.transactionId, again?.id ?? "")),
    ).toEqual([]);
  });

  it("does not count a pending redelivery as money the wallet holds", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    server.vtpass.script(purchase.recipient ?? "", { code: "099", keep: "pending" });
    const answer = await resolve(id, { outcome: "redeliver" });
    const reference = (answer.body.data as { redelivery_reference: string }).redelivery_reference;
    const [again] = await server.db.select().from(transactions).where(eq(transactions.reference, reference));
    expect(again?.status).toBe("pending");
    expect(await server.sendOk("GET /core/customer/wallet", { token: customer.token })).toMatchObject({
      balance: await walletBalance(server.db, customer.id),
      pending_total: 0,
    });
  });

  it("rejects only with a note, and refuses a bad outcome", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const { id } = await disputeOf(purchase.id);
    const bare = await resolve(id, { outcome: "reject", note: " " });
    expect(bare.status).toBe(400);
    expect(bare.body.fields).toHaveProperty("note");
    const odd = await resolve(id, { outcome: "maybe" });
    expect(odd.status).toBe(400);
    expect(odd.body.fields).toHaveProperty("outcome");
    expect((await resolve(crypto.randomUUID(), { outcome: "reject", note: "Not delivered." })).status).toBe(
      404,
    );
    const before = await walletBalance(server.db, customer.id);
    const answer = await resolve(id, { outcome: "reject", note: "MTN shows it delivered at 14:02." });
    expect(answer.body.data).toMatchObject({ status: "rejected", note: "MTN shows it delivered at 14:02." });
    expect(await walletBalance(server.db, customer.id)).toBe(before);
    // Rejected, the purchase may be reported again.
    expect((await dispute(customer, purchase.id)).status).toBe(200);
  });
});

describe("the clock and the dashboard", () => {
  it("marks an open dispute overdue after 72 hours and counts it on the dashboard", async () => {
    const { customer, purchase } = await bought();
    await dispute(customer, purchase.id);
    const counted = async (token: string) =>
      (await server.sendOk("GET /core/staff/statistics", { token })).disputes;
    const open = (await queue()).length;
    expect(await counted(staff.token)).toEqual({ open, overdue: 0 });
    server.clock.advance(72 * hour + 60_000);
    const later = await server.signedInOperator("staff");
    const found = (await queue("open", later.token)).find((d) => d.purchase.id === purchase.id);
    expect(found?.overdue).toBe(true);
    // Oldest first.
    const opened = (await queue("open", later.token)).map((d) => d.opened_at);
    expect([...opened].sort()).toEqual(opened);
    expect(await counted(later.token)).toEqual({ open, overdue: open });
  });
});

describe("without SMS settings", () => {
  ownServerWithin(server, { SMS_PROVIDER: "off" });

  it("tells the outcome by notice and email only", async () => {
    const { customer, purchase } = await bought("08031231111");
    const requestId = (await rowOf(purchase.id))?.providerRequestId ?? "";
    server.vtpass.scriptRequery(requestId, { code: "000", status: "failed", keep: "failed" });
    const answer = await dispute(customer, purchase.id);
    expect(answer.body.data).toMatchObject({ status: "closed_by_requery" });
    expect(
      await server.db.select().from(smsMessages).where(eq(smsMessages.transactionId, purchase.id)),
    ).toEqual([]);
    expect(server.mailbox.sent.filter((m) => m.to === customer.email).at(-1)?.subject).toBe(
      "Your reported problem was answered",
    );
  });
});
