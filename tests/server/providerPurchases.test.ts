import { and, desc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import {
  auditLog,
  dataPlans,
  providerProducts,
  transactionEvents,
  transactions,
} from "../../server/db/schema";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { balanceEveryMs, watchBalances } from "../../server/services/routing/providerWatch";
import { closedPort } from "./support/closedPort";
import { expectBalancesMatchTransactions, walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";
import { createTestServer } from "./support/testServer";

/** Purchases through the VTpass adapter and its simulator, as the app makes them. */
// VTpass as the one provider: what each of its answers does when there is nowhere else to go.
const server = serverForFile({ PROVIDERS: "vtpass" });
afterAll(async () => {
  await expectBalancesMatchTransactions(server.db);
});

let counter = 0;
const phone = () => `0802${String(4_000_000 + ++counter).padStart(7, "0")}`;

async function buyAirtime(c: Customer, to: string, amount = naira(1000)) {
  const answer = await server.buyAirtime(c, to, amount);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (!answer.data) throw new Error(`the purchase was refused: ${answer.body.msg}`);
  return answer.data;
}
const rowOf = async (reference: string) =>
  (await server.db.select().from(transactions).where(eq(transactions.reference, reference)))[0];
const vtpassWebhook = (body: unknown) =>
  server.app.request("/api/webhooks/vtpass/", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
const eventsOf = async (reference: string) => {
  const row = await rowOf(reference);
  return server.db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, row?.id ?? ""))
    .orderBy(transactionEvents.id);
};

describe("what is stored before VTpass is asked", () => {
  it("keeps VTpass's request id and the next requery time with the held money, so a crash loses nothing", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { kind: "no-answer", keep: "none" });
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("pending");
    const row = await rowOf(bought.reference);
    expect(row?.providerRequestId).toMatch(/^20260302\d{4}[A-Z0-9]{12}$/); // Lagos date and time first
    expect(row?.nextRequeryAt).not.toBeNull();
    const sent = server.vtpass.requests.find((r) => (r.body as { phone?: string } | null)?.phone === to);
    expect(sent?.body).toMatchObject({ request_id: row?.providerRequestId, serviceID: "mtn" });
  });

  it("re-sends a purchase VTpass never received (015) with the same request id, and delivers it at once", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { kind: "no-answer", keep: "none" });
    const bought = await buyAirtime(c, to);
    const held = await rowOf(bought.reference);
    expect(held?.status).toBe("pending");
    server.clock.advance(60_000);
    await requeryDue(server.deps);
    const settled = await rowOf(bought.reference);
    expect(settled?.status).toBe("successful");
    const pays = server.vtpass.requests.filter((r) => r.path.endsWith("/pay"));
    const sentFor = pays.filter((r) => (r.body as { phone?: string }).phone === to);
    expect(sentFor.map((r) => (r.body as { request_id: string }).request_id)).toEqual([
      held?.providerRequestId,
      held?.providerRequestId,
    ]);
    expect(server.vtpass.transaction(held?.providerRequestId ?? "")?.status).toBe("delivered");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000) - bought.total);
    const events = await eventsOf(bought.reference);
    expect(events.at(-1)?.note).toContain("Re-sent with the same request id");
  });

  it("never buys twice when a re-sent request id was VTpass's after all (014): the requery settles it", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "099", keep: "pending" });
    const bought = await buyAirtime(c, to);
    const held = await rowOf(bought.reference);
    const requestId = held?.providerRequestId ?? "";
    server.vtpass.scriptRequery(requestId, { code: "015" });
    server.clock.advance(60_000);
    await requeryDue(server.deps);
    expect((await rowOf(bought.reference))?.status).toBe("pending");
    const pays = server.vtpass.requests.filter(
      (r) => r.path.endsWith("/pay") && (r.body as { request_id?: string }).request_id === requestId,
    );
    expect(pays).toHaveLength(2);
    await server.vtpass.settle(requestId);
    server.clock.advance(30 * 60_000);
    await requeryDue(server.deps);
    expect((await rowOf(bought.reference))?.status).toBe("successful");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000) - bought.total);
  });
});

describe("a provider that refuses the connection", () => {
  it("fails the purchase and gives the money back at once: nothing left this machine, so nothing was bought", async () => {
    const refusing = await createTestServer(
      { PROVIDERS: "vtpass" },
      { vtpassBaseUrl: `http://127.0.0.1:${await closedPort()}/api/` },
    );
    try {
      const c = await refusing.fundedCustomer(naira(5000));
      const answer = await refusing.send("POST /core/customer/airtime", {
        token: c.token,
        body: {
          network_id: 1,
          phone: phone(),
          amount: naira(100),
          pin: c.pin,
          request_id: crypto.randomUUID(),
        },
      });
      const bought = answer.data;
      expect(bought).toMatchObject({
        status: "failed",
        failure_reason: "The provider could not be reached, so nothing was charged.",
      });
      expect(await walletBalance(refusing.db, c.id)).toBe(naira(5000));
    } finally {
      await refusing.close();
    }
  });
});

describe("account-level failures", () => {
  it("refunds the customer, logs an error and alerts staff when VTpass's wallet is too low, until a sale goes through", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const staff = await server.signedInOperator("staff");
    server.vtpass.setBalance(1_000);
    let failed: Transaction;
    try {
      failed = await buyAirtime(c, phone());
    } finally {
      server.vtpass.setBalance(500_000_000);
    }
    expect(failed).toMatchObject({
      status: "failed",
      failure_reason: "This service is not available right now.",
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
    expect(server.logLines.some((line) => line.includes('"level":50') && line.includes("low_balance"))).toBe(
      true,
    );
    const stats = await server.sendOk("GET /core/staff/statistics", { token: staff.token });
    expect(stats.provider_alerts).toEqual([
      expect.objectContaining({ kind: "low_balance", title: "VTpass wallet too low", occurrences: 1 }),
    ]);
    expect(stats.provider_alerts[0]?.detail).toContain("018");

    await buyAirtime(c, phone());
    expect(
      (await server.sendOk("GET /core/staff/statistics", { token: staff.token })).provider_alerts,
    ).toEqual([]);
  });

  it("says the keys were rejected when VTpass answers 087", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "087" });
    const failed = await buyAirtime(c, to);
    expect(failed.status).toBe("failed");
    const admin = await server.signedInOperator("admin");
    const dashboard = await server.sendOk("GET /sys.admin/dashboard", { token: admin.token });
    expect(dashboard.provider_alerts.map((a) => a.title)).toContain("VTpass keys rejected");
    await buyAirtime(c, phone()); // clears it for the tests after
  });
});

describe("reversals", () => {
  it("gives a delivered purchase's money back when VTpass reverses it, once, and tells the customer", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const bought = await buyAirtime(c, phone());
    expect(bought.status).toBe("successful");
    const after = await walletBalance(server.db, c.id);
    const row = await rowOf(bought.reference);
    await server.vtpass.reverse(row?.providerRequestId as string);
    const reversed = await rowOf(bought.reference);
    expect(reversed).toMatchObject({ status: "reversed" });
    expect(await walletBalance(server.db, c.id)).toBe(after + bought.total);

    // The same webhook again, and a requery, change nothing more.
    const sent = server.vtpass.webhooks.at(-1);
    expect(sent?.status).toBe(200);
    await vtpassWebhook(sent?.body);
    await server.post(
      `core/staff/transaction/${reversed?.id}/requery/`,
      undefined,
      (await server.signedInOperator("staff")).token,
    );
    expect(await walletBalance(server.db, c.id)).toBe(after + bought.total);

    const inbox = await server.sendOk("GET /core/customer/notifications", { token: c.token });
    expect(inbox).toMatchObject({
      results: [expect.objectContaining({ title: "A purchase was reversed" })],
    });
    const someoneElse = await server.signedInCustomer();
    expect(
      await server.sendOk("GET /core/customer/notifications", { token: someoneElse.token }),
    ).toMatchObject({
      results: [],
    });
    const admin = await server.signedInOperator("admin");
    const broadcast = await server.sendOk("GET /sys.admin/notifications", { token: admin.token });
    expect(broadcast.results).toEqual([]); // one customer's notice is not one sent to everyone
  });

  it("reverses a purchase VTpass reverses while it was still pending", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "040" });
    const bought = await buyAirtime(c, to);
    expect(bought).toMatchObject({ status: "reversed" });
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
  });

  it("corrects only the books when VTpass reverses a purchase staff already refunded", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const staff = await server.signedInOperator("staff");
    const bought = await buyAirtime(c, phone());
    const row = await rowOf(bought.reference);
    await server.post(
      `core/staff/transaction/${row?.id}/refund/`,
      { reason: "Customer says it never came" },
      staff.token,
    );
    const refunded = await walletBalance(server.db, c.id);
    await server.vtpass.reverse(row?.providerRequestId as string);
    expect(await rowOf(bought.reference)).toMatchObject({ status: "refunded" });
    expect(await walletBalance(server.db, c.id)).toBe(refunded);
  });
});

describe("VTpass's webhook", () => {
  it("is a hint: the requery's answer settles the purchase, not the webhook's", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "099" });
    const bought = await buyAirtime(c, to);
    const row = await rowOf(bought.reference);
    // A forged "delivered" for a purchase VTpass still holds as pending moves nothing.
    server.vtpass.scriptRequery(row?.providerRequestId as string, { code: "000", status: "pending" });
    const forged = await vtpassWebhook({
      type: "transaction-update",
      data: {
        requestId: row?.providerRequestId,
        code: "000",
        content: { transactions: { status: "delivered" } },
      },
    });
    expect(forged.status).toBe(200);
    expect(await forged.json()).toMatchObject({ response: "success", data: { outcome: "pending" } });
    expect(await rowOf(bought.reference)).toMatchObject({ status: "pending" });
    // VTpass's own, once it has settled, does.
    await server.vtpass.settle(row?.providerRequestId as string);
    expect(await rowOf(bought.reference)).toMatchObject({ status: "successful" });
  });

  it("answers VTpass's success for an id it does not know, changing nothing, and 400 for what VTpass would not send", async () => {
    const unknown = await vtpassWebhook({
      type: "transaction-update",
      data: { requestId: "202603021000NOSUCHID" },
    });
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ response: "success", data: { outcome: "ignored" } });
    for (const body of ["{not json", "{}", JSON.stringify({ type: "transaction-update" })]) {
      expect((await vtpassWebhook(body)).status).toBe(400);
    }
  });
});

describe("electricity and TV through VTpass", () => {
  it("keeps the token and units a prepaid meter gets", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const answer = await server.send("POST /core/customer/electricity", {
      token: c.token,
      body: {
        action: "buy",
        disco_id: 6,
        meter_number: "1111111111111",
        meter_type: "prepaid",
        amount: naira(5000),
        phone: "08031234567",
        pin: c.pin,
        request_id: crypto.randomUUID(),
      },
    });
    expect(answer.data).toMatchObject({
      status: "successful",
      token: expect.stringMatching(/^\d{20}$/),
      units: expect.stringMatching(/kWh$/),
    });
    expect(server.vtpass.requests.at(-1)?.body).toMatchObject({
      serviceID: "ikeja-electric",
      variation_code: "prepaid",
    });
  });

  it("renews a smartcard's current bouquet at what renewing costs, and refuses a renewal of another", async () => {
    const c = await server.fundedCustomer(naira(100_000));
    const verified = await server.sendOk("POST /core/customer/tv", {
      token: c.token,
      body: { action: "verify", provider_id: 1, smartcard: "1212121212" },
    });
    if ("id" in verified) throw new Error("a verification answers the smartcard, not a transaction");
    const { renewal_amount, current_plan } = verified;
    const plans = await server.sendOk("GET /core/customer/fetch/tv/:id", {
      token: c.token,
      params: { id: 1 },
    });
    const current = plans.find((p) => p.price === renewal_amount);
    const other = plans.find((p) => p.price !== renewal_amount);
    expect(current, `a plan priced like ${current_plan}`).toBeDefined();
    if (!current || !other) throw new Error("DStv needs the current bouquet and another");
    const buy = (plan_id: number) =>
      server.send("POST /core/customer/tv", {
        token: c.token,
        body: {
          action: "buy",
          provider_id: 1,
          plan_id,
          smartcard: "1212121212",
          phone: "08031234567",
          subscription_type: "renew",
          pin: c.pin,
          request_id: crypto.randomUUID(),
        },
      });
    const refused = await buy(other.id);
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.subscription_type?.[0]).toMatch(/^Renewing this smartcard costs/);
    const renewed = await buy(current.id);
    expect(renewed.data).toMatchObject({ status: "successful" });
    expect(server.vtpass.requests.at(-1)?.body).toMatchObject({
      subscription_type: "renew",
      serviceID: "dstv",
    });
  });
});

describe("the merchant balance", () => {
  it("shows the admin each provider's balance, read in the background, against a warning level they set, audited", async () => {
    const admin = await server.signedInOperator("admin");
    server.vtpass.setBalance(4_000_000);
    server.clock.advance(balanceEveryMs + 1_000);
    await watchBalances(server.deps);
    const overview = await server.sendOk("GET /sys.admin/providers", { token: admin.token });
    expect(overview.simulated).toBe(true);
    expect(overview.providers.find((p) => p.name === "vtpass")).toMatchObject({
      balance: 4_000_000,
      balance_error: null,
      low_balance_warning: 5_000_000,
      low: true,
    });
    const saved = await server.sendOk("PATCH /sys.admin/providers/:name", {
      token: admin.token,
      params: { name: "vtpass" },
      body: { low_balance_warning: 3_000_000 },
    });
    expect(saved.providers.find((p) => p.name === "vtpass")).toMatchObject({
      low_balance_warning: 3_000_000,
      low: false,
    });
    const [audit] = await server.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(audit).toMatchObject({
      action: "provider.update",
      targetId: "vtpass",
      before: { low_balance_warning: 5_000_000 },
      after: { low_balance_warning: 3_000_000 },
    });
    for (const body of [
      { low_balance_warning: -1 },
      { low_balance_warning: 1.5 },
      { low_balance_warning: 1, x: 1 },
    ]) {
      expect(
        (
          await server.send("PATCH /sys.admin/providers/:name", {
            token: admin.token,
            params: { name: "vtpass" },
            body,
          })
        ).status,
      ).toBe(400);
    }
    // Routing reads the stored balance: the tests after this one find VTpass rich again.
    server.vtpass.setBalance(500_000_000);
    server.clock.advance(balanceEveryMs + 1_000);
    await watchBalances(server.deps);
  });
});

describe("the data-plan sync", () => {
  it("shows VTpass's plans beside ours and imports what staff choose, at our price", async () => {
    const staff = await server.signedInOperator("staff");
    const report = await server.sendOk("GET /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      query: { control_id: 1, provider: "vtpass" },
    });
    expect(report.service_id).toBe("mtn-data");
    const byCode = new Map(report.rows.map((r) => [r.code, r]));
    expect(byCode.get("mtn-40gb-30d")).toMatchObject({
      state: "new",
      provider_cost: naira(10_560),
      plan: null,
    });
    expect(byCode.get("mtn-40gb-30d")?.suggested).toEqual({
      name: "40GB Monthly (30 days)",
      size: "40GB",
      validity: "30 days",
      category: "monthly",
    });
    expect(byCode.get("mtn-6gb-7d")).toMatchObject({ state: "changed", provider_cost: naira(2450) });
    expect(byCode.get("mtn-1gb-1d")).toMatchObject({ state: "same" });

    const imported = await server.send("POST /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      body: {
        control_id: 1,
        provider: "vtpass",
        import: [{ code: "mtn-40gb-30d", price: naira(11_000) }, { code: "mtn-6gb-7d" }],
      },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.data).toMatchObject({ created: 1, updated: 1, switched_off: 0 });
    const [added] = await server.db.select().from(dataPlans).where(eq(dataPlans.code, "mtn-40gb-30d"));
    expect(added).toMatchObject({ price: naira(11_000), enabled: true, size: "40GB", planType: "direct" });
    const offerOf = async (planId: number | undefined) =>
      server.db
        .select()
        .from(providerProducts)
        .where(and(eq(providerProducts.service, "data"), eq(providerProducts.productId, planId ?? 0)));
    expect(await offerOf(added?.id)).toMatchObject([
      {
        provider: "vtpass",
        serviceId: "mtn-data",
        variationCode: "mtn-40gb-30d",
        cost: naira(10_560),
        enabled: true,
      },
    ]);
    const [changed] = await server.db.select().from(dataPlans).where(eq(dataPlans.code, "mtn-6gb-7d"));
    expect(changed).toMatchObject({ price: naira(2500) });
    expect(await offerOf(changed?.id)).toMatchObject([{ provider: "vtpass", cost: naira(2450) }]);
    const [audit] = await server.db.select().from(auditLog).orderBy(desc(auditLog.seq)).limit(1);
    expect(audit).toMatchObject({ action: "plan.sync", actorId: staff.id, targetId: "1" });

    // A customer can buy the imported plan through VTpass at once.
    const c = await server.fundedCustomer(naira(20_000));
    if (!added) throw new Error("mtn-40gb-30d was not imported");
    const bought = await server.send("POST /core/customer/data-bundle", {
      token: c.token,
      body: { plan_id: added.id, phone: "08031234567", pin: c.pin, request_id: crypto.randomUUID() },
    });
    expect(bought.data).toMatchObject({ status: "successful", total: naira(11_000) });
  });

  it("switches off a plan VTpass no longer sells, and only such a plan", async () => {
    const staff = await server.signedInOperator("staff");
    const report = await server.sendOk("GET /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      query: { control_id: 3, provider: "vtpass" },
    });
    const gone = report.rows.find((r) => r.code === "9mobile-650mb-1d");
    expect(gone).toMatchObject({ state: "gone", provider_name: null });
    const stillSold = report.rows.find((r) => r.state === "same")?.plan?.id;
    const refused = await server.post(
      "core/staff/fetch/data/plans/sync/",
      { control_id: 3, provider: "vtpass", switch_off: [stillSold] },
      staff.token,
    );
    expect(refused.status).toBe(400);
    const goneId = gone?.plan?.id;
    if (goneId === undefined) throw new Error("9mobile-650mb-1d is not one of our plans");
    const done = await server.send("POST /core/staff/fetch/data/plans/sync", {
      token: staff.token,
      body: { control_id: 3, provider: "vtpass", switch_off: [goneId] },
    });
    expect(done.data).toMatchObject({ switched_off: 1 });
    const [off] = await server.db.select().from(dataPlans).where(eq(dataPlans.code, "9mobile-650mb-1d"));
    expect(off?.enabled).toBe(false);
  });

  it.each([
    [{ control_id: 1, provider: "vtpass" }, "Choose at least one plan to import or switch off."],
    [
      { control_id: 1, provider: "vtpass", import: [{ code: "mtn-no-such-plan" }] },
      "mtn-no-such-plan is not in the provider's list any more.",
    ],
    [
      { control_id: 4, provider: "vtpass", import: [{ code: "airtel-300mb-2d" }] },
      "Set our price for airtel-300mb-2d.",
    ],
    [{ control_id: 9, provider: "vtpass", import: [{ code: "x" }] }, "Choose a network."],
    [{ control_id: 1, provider: "vtpass", import: [{ code: "mtn-1gb-1d", price: -5 }] }, undefined],
    [
      { control_id: 1, provider: "nobody", import: [{ code: "x", price: 100 }] },
      "nobody is not a provider OjaPay buys from (PROVIDERS).",
    ],
    [{ control_id: 1, import: [{ code: "x", price: 100 }] }, undefined],
  ])("refuses %j and changes nothing", async (body, msg) => {
    const staff = await server.signedInOperator("staff");
    const before = await server.db.$count(dataPlans);
    const audits = await server.db.$count(auditLog);
    const answer = await server.post("core/staff/fetch/data/plans/sync/", body, staff.token);
    expect(answer.status).toBe(400);
    if (msg) expect(answer.body.msg).toBe(msg);
    expect(await server.db.$count(dataPlans)).toBe(before);
    expect(await server.db.$count(auditLog)).toBe(audits);
  });

  it("is for staff", async () => {
    const c = await server.signedInCustomer();
    const path = "core/staff/fetch/data/plans/sync/?control_id=1&provider=vtpass";
    expect((await server.get(path, c.token)).status).toBe(403);
    expect((await server.get(path)).status).toBe(401);
  });
});
