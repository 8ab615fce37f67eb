import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryOf } from "../../schemas/routes/contract";
import type { RouteTable } from "../../schemas/routes/routeTable";
import { auditLog } from "../../server/db/schema";
import { expectBalancesMatchTransactions, walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";
import { createTestServer } from "./support/testServer";

type StaffTransactionQuery = QueryOf<RouteTable["GET /staff/transaction/airtime"]>;

let staff: { id: string; token: string };
const server = serverForFile({ PROVIDER_TIMEOUT_MS: "10000" });
beforeAll(async () => {
  staff = await server.signedInOperator("staff");
});
afterAll(async () => {
  await expectBalancesMatchTransactions(server.db);
});

async function bought(phone: string, amount = 100_000) {
  const customer = await server.fundedCustomer(500_000);
  const answer = await server.send("POST /core/customer/airtime", {
    token: customer.token,
    body: { network_id: 1, phone, amount, pin: customer.pin, request_id: crypto.randomUUID() },
  });
  if (!answer.data) throw new Error(`the purchase was refused: ${answer.body.msg}`);
  return { customer, purchase: answer.data };
}
/** Untyped, for the refusals of what the contract forbids (a missing reason, an id that is not one). */
const refund = (id: string, body: unknown = { reason: "Customer says it never arrived" }) =>
  server.post(`core/staff/transaction/${id}/refund/`, body, staff.token);
const requery = (id: string) =>
  server.send("POST /core/staff/transaction/:id/requery", { token: staff.token, params: { id } });

describe("refunds", () => {
  it("gives a delivered purchase's money back, shows it in the customer's history, and audits it", async () => {
    const { customer, purchase } = await bought("08031234567");
    expect(await walletBalance(server.db, customer.id)).toBe(500_000 - 98_000);
    const answer = await server.send("POST /core/staff/transaction/:id/refund", {
      token: staff.token,
      params: { id: purchase.id },
      body: { reason: "Customer says it never arrived" },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("The purchase was refunded to the customer's wallet.");
    expect(answer.data?.status).toBe("refunded");
    expect(await walletBalance(server.db, customer.id)).toBe(500_000);

    const history = await server.sendOk("GET /core/customer/transactions", { token: customer.token });
    const newest = history.results.find((t) => t.kind === "refund");
    expect(newest).toMatchObject({
      kind: "refund",
      status: "successful",
      total: 98_000,
      balance_before: 402_000,
      balance_after: 500_000,
    });
    expect(newest?.description).toContain(purchase.reference);
    expect(history.results.find((t) => t.id === purchase.id)?.status).toBe("refunded");

    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: purchase.id },
    });
    expect(detail.events.map((e) => e.status)).toEqual(["pending", "successful", "refunded"]);
    expect(detail.events.at(-1)).toMatchObject({
      actor: expect.stringContaining("@example.com"),
      note: expect.stringContaining("Customer says it never arrived"),
    });
    expect(detail).toMatchObject({ can_refund: false, can_requery: false });

    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, purchase.id))
      .orderBy(desc(auditLog.seq));
    expect(audit).toMatchObject({
      actorId: staff.id,
      action: "transaction.refund",
      before: { status: "successful", balance: 402_000 },
      after: expect.objectContaining({
        status: "refunded",
        balance: 500_000,
        reason: "Customer says it never arrived",
      }),
    });
  });

  it("refunds exactly once under 20 simultaneous requests", async () => {
    const { customer, purchase } = await bought("08061234567");
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(purchase.id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([409]));
    expect(refused[0]?.body.msg).toBe("This purchase has already been refunded.");
    expect(await walletBalance(server.db, customer.id)).toBe(500_000);
    const refunds = await server.sendOk("GET /core/customer/transactions", {
      token: customer.token,
      query: { kind: "refund" },
    });
    expect(refunds.count).toBe(1);
  });

  it("refuses to refund a pending purchase (requery it) or a failed one (its money is already back)", async () => {
    const pending = await bought("08031111111");
    expect(pending.purchase.status).toBe("pending");
    const onPending = await refund(pending.purchase.id);
    expect(onPending).toMatchObject({
      status: 400,
      body: {
        msg: "This purchase is still pending: requery it instead. Its money is held and comes back if it fails.",
      },
    });
    const failed = await bought("08030000000");
    const onFailed = await refund(failed.purchase.id);
    expect(onFailed).toMatchObject({
      status: 400,
      body: { msg: "This purchase failed, and its money has already gone back to the wallet." },
    });
    expect(await walletBalance(server.db, failed.customer.id)).toBe(500_000);
  });

  it("refuses to refund anything but a purchase", async () => {
    const customer = await server.fundedCustomer(100_000);
    const funding = (await server.sendOk("GET /core/customer/transactions", { token: customer.token }))
      .results[0];
    expect((await refund(funding?.id ?? "")).body.msg).toBe("Only purchases can be refunded.");
  });

  it.each([
    [{}, "reason", "Reason is required."],
    [{ reason: "no" }, "reason", "Say why you are refunding this."],
    [{ reason: "x".repeat(201) }, "reason", "Reason must be at most 200 characters."],
    [{ reason: "fine reason", amount: 5 }, "amount", "This field is not allowed."],
  ])("refuses %j and refunds nothing", async (body, field, message) => {
    const { customer, purchase } = await bought("08071234567", 50_000);
    const answer = await refund(purchase.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await walletBalance(server.db, customer.id)).toBe(500_000 - 49_000);
  });

  it("answers 404 for an unknown transaction or action, and 400 for broken JSON", async () => {
    expect((await refund("8c1b1d4e-0000-4000-8000-000000000000")).status).toBe(404);
    expect(
      (
        await server.send("POST /core/staff/transaction/:id/refund", {
          token: staff.token,
          params: { id: "not-a-uuid" },
          body: { reason: "because" },
        })
      ).status,
    ).toBe(404);
    const { purchase } = await bought("08081234567", 50_000);
    expect((await server.post(`core/staff/transaction/${purchase.id}/cancel/`, {}, staff.token)).status).toBe(
      404,
    );
    const broken = await server.call("POST", `core/staff/transaction/${purchase.id}/refund/`, {
      raw: "{reason",
      token: staff.token,
    });
    expect(broken).toMatchObject({ status: 400, body: { msg: "The request body must be valid JSON." } });
  });
});

describe("requery by staff", () => {
  it("asks the provider now and settles a pending purchase when it answers (1111: second time)", async () => {
    const { customer, purchase } = await bought("08041111111");
    const first = await requery(purchase.id);
    expect(first.data).toMatchObject({ status: "pending" });
    const second = await requery(purchase.id);
    expect(second.data).toMatchObject({ status: "successful" });
    expect(await walletBalance(server.db, customer.id)).toBe(500_000 - 98_000);
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, purchase.id))
      .orderBy(desc(auditLog.seq));
    expect(audit).toMatchObject({ action: "transaction.requery", after: { attempts: 2 } });
    // A delivered purchase can still be asked about (VTpass may have reversed it); nothing moves if not.
    const again = await requery(purchase.id);
    expect(again).toMatchObject({ status: 200, body: { data: { status: "successful" } } });
    expect(await walletBalance(server.db, customer.id)).toBe(500_000 - 98_000);
  });

  it("refuses to requery a purchase that failed: its money is already back", async () => {
    const { purchase } = await bought("08040000000");
    const again = await requery(purchase.id);
    expect(again).toMatchObject({
      status: 400,
      body: { msg: "Only a pending or delivered purchase can be requeried." },
    });
  });

  it("refuses a body on a requery", async () => {
    const { purchase } = await bought("08042222222");
    const answer = await server.post(
      `core/staff/transaction/${purchase.id}/requery/`,
      { reason: "x" },
      staff.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ reason: ["This field is not allowed."] });
  });
});

describe("staff transaction lists", () => {
  it("lists a kind with filters and totals over the whole filtered set", async () => {
    const fresh = await createTestServer();
    try {
      const c = await fresh.fundedCustomer(2_000_000, "1357", { email: "kemi.list@example.com" });
      let token = c.token;
      const buy = (phone: string, amount: number) =>
        fresh.buyAirtime({ token, pin: c.pin }, phone, amount, { allow_duplicate: true });
      await buy("08031234567", 100_000);
      const refunded = await buy("08031234567", 200_000);
      await buy("08030000000", 50_000);
      fresh.clock.advance(2 * 86_400_000);
      token = await fresh.login(c.email, c.password); // two days on, the first session has ended
      await buy("08039876543", 100_000);
      const operator = await fresh.signedInOperator("staff");
      await fresh.sendOk("POST /core/staff/transaction/:id/refund", {
        token: operator.token,
        params: { id: refunded.data?.id ?? "" },
        body: { reason: "Customer says it never arrived" },
      });
      const list = (query: StaffTransactionQuery) =>
        fresh.sendOk("GET /staff/transaction/airtime", { token: operator.token, query });
      const all = await list({ page_size: 2 });
      expect(all.count).toBe(4);
      expect(all.results).toHaveLength(2);
      // Charged: the two ₦1,000 purchases at 2% off; the refunded ₦2,000 and the failed ₦500 gave it back.
      expect(all.totals).toEqual({ count: 4, amount: 450_000, charged: 196_000 });
      expect(all.results[0]).toMatchObject({
        recipient: "08039876543",
        customer: { email: "kemi.list@example.com" },
        cost: 97_000,
      });
      expect((await list({ status: "failed" })).totals).toEqual({ count: 1, amount: 50_000, charged: 0 });
      expect((await list({ status: "refunded" })).totals).toEqual({ count: 1, amount: 200_000, charged: 0 });
      expect((await list({ status: "successful" })).totals).toEqual({
        count: 2,
        amount: 200_000,
        charged: 196_000,
      });
      expect((await list({ search: "0803123" })).count).toBe(2);
      expect((await list({ search: "kemi.list" })).count).toBe(4);
      const today = new Date(fresh.clock.now().getTime() + 3_600_000).toISOString().slice(0, 10);
      expect((await list({ from: today, to: today })).count).toBe(1);
      expect(await fresh.sendOk("GET /staff/transaction/data", { token: operator.token })).toMatchObject({
        count: 0,
      });
      const adminToken = (await fresh.signedInOperator("admin")).token;
      const everything = await fresh.sendOk("GET /sys.admin/transactions", {
        token: adminToken,
        query: { kind: "funding" },
      });
      expect(everything.count).toBe(1);
      // Money in (the funding, the refund) is not a charge: every kind at once charges what airtime did.
      const everyKind = await fresh.sendOk("GET /sys.admin/transactions", { token: adminToken });
      expect(everyKind.totals).toMatchObject({ count: 6, charged: 196_000 });
      for (const bad of ["?from=2026-13-01", "?status=lost", "?page=0"]) {
        expect((await fresh.get(`staff/transaction/airtime/${bad}`, operator.token)).status).toBe(400);
      }
    } finally {
      await fresh.close();
    }
  });

  it("refuses days outside the product's years, naming them, on staff's lists and the admin's", async () => {
    const admin = await server.signedInOperator("admin");
    for (const [list, token] of [
      ["staff/transaction/airtime/", staff.token],
      ["sys.admin/transactions/", admin.token],
    ] as const) {
      const years = "Choose a day from 2000-01-01 to 2100-12-31.";
      for (const [query, fields, msg] of [
        ["?from=0001-01-01", ["from"], years],
        ["?from=0000-01-01&to=9999-12-31", ["from", "to"], years],
        ["?from=1999-12-31", ["from"], years],
        ["?to=2101-01-01", ["to"], years],
        ["?to=275760-09-13", ["to"], "Write the date as YYYY-MM-DD."],
      ] as const) {
        const answer = await server.get(`${list}${query}`, token);
        expect(answer.status, `${list}${query}`).toBe(400);
        expect(Object.keys(answer.body.fields ?? {}), `${list}${query}`).toEqual(fields);
        expect(answer.body.msg, `${list}${query}`).toBe(msg);
      }
      const edges = await server.get(`${list}?from=2000-01-01&to=2100-12-31`, token);
      expect(edges.status).toBe(200);
    }
  });

  it("finds customers for staff by name, email, phone or wallet number", async () => {
    const c = await server.fundedCustomer(12_300, "1357", { first_name: "Obiageli" });
    const found = await server.sendOk("GET /core/staff/customers", {
      token: staff.token,
      query: { search: "obiag" },
    });
    expect(found.results).toEqual([
      expect.objectContaining({ id: c.id, balance: 12_300, is_active: true, can_transact: true }),
    ]);
  });
});
