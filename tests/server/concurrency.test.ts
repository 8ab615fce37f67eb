import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { envelope } from "../../schemas/envelope";
import { routeTable } from "../../schemas/routes/routeTable";
import { tryCounters, users } from "../../server/db/schema";
import { lagosDay } from "../../server/lagosCalendar";
import { paystackSignatureHeader } from "../../server/outside/paystack/paystackGateway";
import { reconcileDay } from "../../server/services/funding/fundingReconciliation";
import { pinTries } from "../../server/services/purchases/purchaseRules";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

// Meant for a real Postgres server (the CI's second run), where requests truly overlap; on PGlite the
// same checks still hold with the requests queued on its single connection.
const server = serverForFile({ PROVIDER_TIMEOUT_MS: "10000" });

describe("many requests at once", () => {
  it("lets exactly 100 of 200 simultaneous purchases through a wallet that can pay for 100", async () => {
    // ₦1,000 of MTN airtime costs ₦980 after the 2% discount.
    const c = await server.fundedCustomer(100 * 98_000);
    // ₦98,000 in a day is past tier 1's daily limit (tests/server/kyc.test.ts); this is about the balance.
    await server.db.update(users).set({ kycTier: 2 }).where(eq(users.id, c.id));
    const body = { network_id: 1, phone: "08031234567", amount: 100_000, pin: c.pin, allow_duplicate: true };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        server.send("POST /core/customer/airtime", {
          token: c.token,
          body: { ...body, request_id: crypto.randomUUID() },
        }),
      ),
    );
    const bought = answers.filter((a) => a.status === 200);
    expect(bought).toHaveLength(100);
    expect(bought.every((a) => a.data?.status === "successful")).toBe(true);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(100);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([400]));
    expect(refused[0]?.body.msg).toMatch(/^Insufficient balance/);
    expect(await walletBalance(server.db, c.id)).toBe(0);
    await expectLedgerConsistent(server.db);
  });

  it("checks no more than five of 200 simultaneous PINs, so the right one sent last buys nothing", async () => {
    const c = await server.fundedCustomer(1_000_000);
    const body = { network_id: 1, phone: "08031234567", amount: 10_000, allow_duplicate: true };
    // 0000 to 0198: none is the customer's 1357.
    const wrongPins = Array.from({ length: 199 }, (_, i) => String(i).padStart(4, "0"));
    const answers = await Promise.all(
      [...wrongPins, c.pin].map((pin) =>
        server.send("POST /core/customer/airtime", {
          token: c.token,
          body: { ...body, pin, request_id: crypto.randomUUID() },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(0);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 423)).toHaveLength(196);
    expect(answers.at(-1)?.body.msg).toBe("Too many wrong PINs. Purchases are locked for 30 more minutes.");
    const [counter] = await server.db
      .select()
      .from(tryCounters)
      .where(eq(tryCounters.key, pinTries(c.id)));
    expect(counter).toMatchObject({ failures: 5, pending: 0 });
    expect(await walletBalance(server.db, c.id)).toBe(1_000_000);
    await expectLedgerConsistent(server.db);
  });

  it("credits once when 50 copies of one webhook, the customer's return and a reconciliation all race", async () => {
    const c = await server.signedInCustomer();
    const { reference } = await server.sendOk("POST /core/customer/wallet/fund", {
      token: c.token,
      body: { amount: 750_000, request_id: crypto.randomUUID() },
    });
    server.paystack.setBehaviour({ webhooks: "hold" });
    try {
      await server.paystack.pay(reference);
    } finally {
      server.paystack.setBehaviour({ webhooks: "deliver" });
    }
    const held = server.paystack.heldWebhooks().at(-1);
    if (!held) throw new Error("no webhook was held");
    const [responses] = await Promise.all([
      Promise.all(
        Array.from({ length: 50 }, () =>
          server.app.request("/api/webhooks/paystack/", {
            method: "POST",
            body: held.rawBody,
            headers: { [paystackSignatureHeader]: held.signature },
          }),
        ),
      ),
      server.send("GET /core/customer/wallet/fund/:reference", { token: c.token, params: { reference } }),
      reconcileDay(server.deps, lagosDay(server.clock.now()), null),
    ]);
    const webhookAnswer = envelope(routeTable["POST /webhooks/paystack"].result);
    const outcomes = await Promise.all(
      responses.map(async (r) => webhookAnswer.parse(await r.json()).data.outcome),
    );
    expect(outcomes.filter((o) => o === "duplicate_event")).toHaveLength(49);
    expect(outcomes.filter((o) => o === "credited").length).toBeLessThanOrEqual(1);
    expect(await walletBalance(server.db, c.id)).toBe(750_000);
    await expectLedgerConsistent(server.db);
  });

  it("keeps both of two staff's simultaneous edits to different fields of one plan", async () => {
    const staff = await server.signedInOperator("staff");
    const token = staff.token;
    type Edit = { name?: string; price?: number };
    const editors = {
      data: {
        list: () => server.sendOk("GET /core/staff/fetch/data/plans", { token, query: { control_id: 1 } }),
        edit: (id: number, body: Edit) =>
          server.send("PATCH /core/staff/fetch/data/plans/:id", { token, params: { id }, body }),
      },
      tv: {
        list: () => server.sendOk("GET /core/staff/fetch/tv/plans", { token, query: { control_id: 1 } }),
        edit: (id: number, body: Edit) =>
          server.send("PATCH /core/staff/fetch/tv/plans/:id", { token, params: { id }, body }),
      },
    };
    for (const [kind, { list, edit }] of Object.entries(editors)) {
      const plan = (await list())[0];
      if (plan === undefined) throw new Error(`no ${kind} plans for the first network`);
      const { id } = plan;
      // Above the plan's own price, so never below its cost (which the pricing rule would refuse).
      const priceOf = (round: number) => plan.price + round * 100;
      for (let round = 1; round <= 10; round++) {
        const answers = await Promise.all([
          edit(id, { name: `Edited plan ${round}` }),
          edit(id, { price: priceOf(round) }),
        ]);
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        expect(
          (await list()).find((plan) => plan.id === id),
          `${kind}, round ${round}`,
        ).toMatchObject({
          name: `Edited plan ${round}`,
          price: priceOf(round),
        });
      }
    }
  });

  it("never lets two requeries of one pending purchase settle it twice", async () => {
    const c = await server.fundedCustomer(200_000);
    const answer = await server.buyAirtime(c, "08031111111", 100_000);
    expect(answer.data?.status).toBe("pending");
    const { requeryDue } = await import("../../server/services/purchases/requeryWorker");
    for (const wait of [1_000, 2_000]) {
      server.clock.advance(wait);
      const claimed = await Promise.all([
        requeryDue(server.deps),
        requeryDue(server.deps),
        requeryDue(server.deps),
      ]);
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(1);
    }
    await expectLedgerConsistent(server.db);
    expect(await walletBalance(server.db, c.id)).toBe(200_000 - 98_000);
  });
});
