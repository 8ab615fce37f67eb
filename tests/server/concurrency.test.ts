import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import { sandboxSignatureHeader, sign } from "../../server/gateways/sandboxGateway";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { createTestServer, type TestServer } from "./support/testServer";

// Meant for a real Postgres server (the CI's second run), where requests truly overlap; on PGlite the
// same checks still hold with the requests queued on its single connection.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ PROVIDER_TIMEOUT_MS: "10000" });
});
afterAll(() => server.close());

describe("many requests at once", () => {
  it("lets exactly 100 of 200 simultaneous purchases through a wallet that can pay for 100", async () => {
    // ₦1,000 of MTN airtime costs ₦980 after the 2% discount.
    const c = await server.fundedCustomer(100 * 98_000);
    const body = { network_id: 1, phone: "08031234567", amount: 100_000, pin: c.pin, allow_duplicate: true };
    const answers = await Promise.all(
      Array.from({ length: 200 }, () =>
        server.post("core/customer/airtime/", { ...body, request_id: crypto.randomUUID() }, c.token),
      ),
    );
    const bought = answers.filter((a) => a.status === 200);
    expect(bought).toHaveLength(100);
    expect(bought.every((a) => (a.body.data as Transaction).status === "successful")).toBe(true);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(100);
    expect(new Set(refused.map((a) => a.status))).toEqual(new Set([400]));
    expect(refused[0]?.body.msg).toMatch(/^Insufficient balance/);
    expect(await walletBalance(server.db, c.id)).toBe(0);
    await expectLedgerConsistent(server.db);
  });

  it("credits once when 50 copies of one webhook arrive together", async () => {
    const c = await server.signedInCustomer();
    const fund = await server.post(
      "core/customer/wallet/fund/",
      { amount: 750_000, request_id: crypto.randomUUID() },
      c.token,
    );
    const { reference } = fund.body.data as { reference: string };
    const raw = JSON.stringify({
      event: "charge.success",
      data: { id: "evt_once", reference, amount: 750_000, currency: "NGN", status: "success" },
    });
    const signature = sign("sandbox-webhook-secret-not-for-production", raw);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        server.app.request("/api/webhooks/sandbox/", {
          method: "POST",
          body: raw,
          headers: { [sandboxSignatureHeader]: signature },
        }),
      ),
    );
    const outcomes = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { data: { outcome: string } }).data.outcome),
    );
    expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate")).toHaveLength(49);
    expect(await walletBalance(server.db, c.id)).toBe(750_000);
    await expectLedgerConsistent(server.db);
  });

  it("never lets two requeries of one pending purchase settle it twice", async () => {
    const c = await server.fundedCustomer(200_000);
    const answer = await server.post(
      "core/customer/airtime/",
      { network_id: 1, phone: "08031111111", amount: 100_000, pin: c.pin, request_id: crypto.randomUUID() },
      c.token,
    );
    expect((answer.body.data as Transaction).status).toBe("pending");
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
