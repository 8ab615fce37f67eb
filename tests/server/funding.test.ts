import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transaction } from "../../schemas/transactions";
import { auditLog, transactions } from "../../server/db/schema";
import { sandboxSignatureHeader, sign } from "../../server/gateways/sandboxGateway";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await expectLedgerConsistent(server.db);
  await server.close();
});

const naira = (n: number) => n * 100;
const secret = "sandbox-webhook-secret-not-for-production";

async function openCheckout(token: string, amount = naira(5000), request_id = crypto.randomUUID()) {
  const answer = await server.post("core/customer/wallet/fund/", { amount, request_id }, token);
  expect(answer.status).toBe(200);
  return answer.body.data as { reference: string; checkout_url: string };
}

function webhook(body: unknown, signature?: string) {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return server.app.request("/api/webhooks/sandbox/", {
    method: "POST",
    body: raw,
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signature ?? sign(secret, raw) },
  });
}
const chargeSuccess = (reference: string, amount: number, id = `evt_${crypto.randomUUID()}`) => ({
  event: "charge.success",
  data: { id, reference, amount, currency: "NGN", status: "success" },
});

describe("funding through the sandbox checkout", () => {
  it("opens a checkout page served by the app, whose Pay credits the wallet through a signed webhook", async () => {
    const c = await server.signedInCustomer();
    const { reference, checkout_url } = await openCheckout(c.token);
    expect(reference).toMatch(/^OJF/);
    expect(checkout_url).toBe(`http://localhost:8080/sandbox/checkout/${reference}`);
    const funding = (await server.get(`core/customer/transactions/${reference}/`, c.token)).body
      .data as Transaction;
    expect(funding).toMatchObject({
      kind: "funding",
      status: "pending",
      amount: naira(5000),
      total: naira(5000),
    });

    const page = await server.app.request(`/sandbox/checkout/${reference}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Pay ₦5,000.00");
    expect(html).toContain("Cancel");

    const paid = await server.app.request(`/sandbox/checkout/${reference}`, {
      method: "POST",
      body: new URLSearchParams({ outcome: "pay" }),
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`/app/fund-account?reference=${reference}`);
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
    const credited = (await server.get(`core/customer/transactions/${reference}/`, c.token)).body
      .data as Transaction;
    expect(credited).toMatchObject({ status: "successful", balance_before: 0, balance_after: naira(5000) });
    expect(credited.provider_reference).toMatch(/^sbx_evt_/);

    // Back on the page later: nothing to pay, straight back to the app.
    const again = await server.app.request(`/sandbox/checkout/${reference}`);
    expect(again.status).toBe(303);
  });

  it("marks the funding failed and credits nothing when the customer cancels", async () => {
    const c = await server.signedInCustomer();
    const { reference } = await openCheckout(c.token);
    await server.app.request(`/sandbox/checkout/${reference}`, {
      method: "POST",
      body: new URLSearchParams({ outcome: "cancel" }),
    });
    const funding = (await server.get(`core/customer/transactions/${reference}/`, c.token)).body
      .data as Transaction;
    expect(funding).toMatchObject({ status: "failed", failure_reason: "The payment did not go through." });
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("answers a retried request with the same checkout, and a changed one with 409", async () => {
    const c = await server.signedInCustomer();
    const request_id = crypto.randomUUID();
    const first = await openCheckout(c.token, naira(2000), request_id);
    expect(await openCheckout(c.token, naira(2000), request_id)).toEqual(first);
    const other = await server.post(
      "core/customer/wallet/fund/",
      { amount: naira(3000), request_id },
      c.token,
    );
    expect(other.status).toBe(409);
    expect(await server.db.$count(transactions, eq(transactions.userId, c.id))).toBe(1);
  });

  it.each([
    [
      { amount: naira(99), request_id: crypto.randomUUID() },
      "amount",
      "The smallest amount you can add is ₦100.",
    ],
    [
      { amount: naira(1_000_001), request_id: crypto.randomUUID() },
      "amount",
      "The largest amount you can add at once is ₦1,000,000.",
    ],
    [{ amount: 1000.5, request_id: crypto.randomUUID() }, "amount", "Amount must be a whole number."],
    [{ amount: "5000", request_id: crypto.randomUUID() }, "amount", "Amount must be a number."],
    [{ amount: naira(500) }, "request_id", "Request id is required."],
    [{ amount: naira(500), request_id: "abc" }, "request_id", "request_id must be a UUID."],
    [
      { amount: naira(500), request_id: crypto.randomUUID(), currency: "USD" },
      "currency",
      "This field is not allowed.",
    ],
  ])("refuses %j", async (body, field, message) => {
    const c = await server.signedInCustomer();
    const answer = await server.post("core/customer/wallet/fund/", body, c.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await server.db.$count(transactions, eq(transactions.userId, c.id))).toBe(0);
  });
});

describe("the webhook", () => {
  it("credits once however often the same event arrives", async () => {
    const c = await server.signedInCustomer();
    const { reference } = await openCheckout(c.token);
    const event = chargeSuccess(reference, naira(5000));
    const outcomes = [];
    for (let i = 0; i < 3; i++)
      outcomes.push(((await (await webhook(event)).json()) as { data: { outcome: string } }).data.outcome);
    expect(outcomes).toEqual(["credited", "duplicate", "duplicate"]);
    // A second event for the same payment (another id) finds it settled.
    const other = await (await webhook(chargeSuccess(reference, naira(5000)))).json();
    expect(other).toMatchObject({ data: { outcome: "already_settled" } });
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
  });

  it("refuses a bad signature before reading the body, and credits nothing", async () => {
    const c = await server.signedInCustomer();
    const { reference } = await openCheckout(c.token);
    const raw = JSON.stringify(chargeSuccess(reference, naira(5000)));
    for (const signature of [
      "",
      "abc",
      sign("another secret of enough length", raw),
      sign(secret, `${raw} `),
    ]) {
      const res = await webhook(raw, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ status: false, msg: "Invalid signature.", data: null });
    }
    const broken = await webhook("{not json", "0".repeat(128));
    expect(broken.status).toBe(401);
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("answers 400 for a signed body that is not a gateway event", async () => {
    for (const body of [
      "{not json",
      JSON.stringify({ event: "charge.success" }),
      JSON.stringify({ hello: "world" }),
    ]) {
      const res = await webhook(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        status: false,
        msg: "This is not an event the gateway sends.",
      });
    }
  });

  it("never credits an amount other than the one the customer asked to pay", async () => {
    const c = await server.signedInCustomer();
    const { reference } = await openCheckout(c.token, naira(5000));
    const res = await webhook(chargeSuccess(reference, naira(50_000)));
    expect(await res.json()).toMatchObject({ data: { outcome: "amount_mismatch" } });
    expect(await walletBalance(server.db, c.id)).toBe(0);
    expect((await server.get(`core/customer/transactions/${reference}/`, c.token)).body.data).toMatchObject({
      status: "pending",
    });
  });

  it("ignores an event for a reference it does not know", async () => {
    const res = await webhook(chargeSuccess("OJF000000UNKNOWN1", naira(100)));
    expect(await res.json()).toMatchObject({ data: { outcome: "unknown_reference" } });
  });

  it("has no other gateway", async () => {
    const res = await server.app.request("/api/webhooks/paystack/", { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
  });
});

describe("staff funding", () => {
  it("credits the customer at once, audited, with the reason", async () => {
    const c = await server.signedInCustomer();
    const staff = await server.signedInOperator("staff");
    const request_id = crypto.randomUUID();
    const answer = await server.post(
      `staff/customer/fund/${c.id}/`,
      { amount: naira(2500), reason: "Refund for a failed bank transfer", request_id },
      staff.token,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      kind: "funding",
      status: "successful",
      amount: naira(2500),
      description: "Funded by OjaPay staff: Refund for a failed bank transfer",
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(2500));
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, c.id))
      .orderBy(desc(auditLog.createdAt));
    expect(audit).toMatchObject({
      actorId: staff.id,
      action: "wallet.fund",
      before: { balance: 0 },
      after: expect.objectContaining({ balance: naira(2500), amount: naira(2500) }),
    });

    const retry = await server.post(
      `staff/customer/fund/${c.id}/`,
      { amount: naira(2500), reason: "Refund for a failed bank transfer", request_id },
      staff.token,
    );
    expect(retry.body.data).toEqual(answer.body.data);
    expect(await walletBalance(server.db, c.id)).toBe(naira(2500));
  });

  it("is for staff and admins only", async () => {
    const c = await server.signedInCustomer();
    const body = { amount: naira(100), reason: "try it", request_id: crypto.randomUUID() };
    expect((await server.post(`staff/customer/fund/${c.id}/`, body, c.token)).status).toBe(403);
    expect((await server.post(`staff/customer/fund/${c.id}/`, body)).status).toBe(401);
    const admin = await server.signedInOperator("admin");
    expect((await server.post(`staff/customer/fund/${c.id}/`, body, admin.token)).status).toBe(201);
  });

  it.each([
    [{ amount: naira(100), request_id: crypto.randomUUID() }, "reason", "Reason is required."],
    [
      { amount: naira(100), reason: "x", request_id: crypto.randomUUID() },
      "reason",
      "Say why you are funding this wallet.",
    ],
    [
      { amount: -500, reason: "because", request_id: crypto.randomUUID() },
      "amount",
      "Amount must be at least 0.",
    ],
  ])("refuses %j and writes nothing", async (body, field, message) => {
    const c = await server.signedInCustomer();
    const staff = await server.signedInOperator("staff");
    const before = await server.db.$count(auditLog);
    const answer = await server.post(`staff/customer/fund/${c.id}/`, body, staff.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await server.db.$count(auditLog)).toBe(before);
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("answers 404 for someone who is not a customer", async () => {
    const staff = await server.signedInOperator("staff");
    const body = { amount: naira(100), reason: "because", request_id: crypto.randomUUID() };
    expect((await server.post(`staff/customer/fund/${staff.id}/`, body, staff.token)).status).toBe(404);
    expect((await server.post("staff/customer/fund/not-a-uuid/", body, staff.token)).status).toBe(404);
  });
});
