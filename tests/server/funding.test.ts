import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { envelope } from "../../schemas/envelope";
import { routeTable } from "../../schemas/routes/routeTable";
import { auditLog, gatewayEvents, transactions } from "../../server/db/schema";
import { lagosDay } from "../../server/lagosCalendar";
import { paystackSignature, paystackSignatureHeader } from "../../server/outside/paystack/paystackGateway";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { checkPendingFundings } from "../../server/services/funding/fundingReconciliation";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { checkoutForm, payByCard } from "./support/paystackCheckout";
import { naira, ownServerWithin, serverForFile } from "./support/serverForFile";
import { createTestServer } from "./support/testServer";
import { expectUnauditedRefusal } from "./support/unauditedRefusal";

const server = serverForFile();

const secret = simulatorKeys.paystack.secretKey;

async function openCheckout(token: string, amount = naira(5000), request_id = crypto.randomUUID()) {
  const answer = await server.send("POST /core/customer/wallet/fund", {
    token,
    body: { amount, request_id },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (!answer.data) throw new Error(`the checkout was refused: ${answer.body.msg}`);
  return answer.data;
}

async function fundingOf(reference: string, token: string) {
  return server.sendOk("GET /core/customer/transactions/:reference", { token, params: { reference } });
}
const checkBack = async (reference: string, token: string) =>
  server.sendOk("GET /core/customer/wallet/fund/:reference", { token, params: { reference } });
/** The outcome Paystack's webhook answered, read by the route table's envelope for it. */
const webhookOutcome = async (res: Response) =>
  envelope(routeTable["POST /webhooks/paystack"].result).parse(await res.json()).data.outcome;

function webhook(raw: string, signature = paystackSignature(secret, raw)) {
  return server.app.request("/api/webhooks/paystack/", {
    method: "POST",
    body: raw,
    headers: { "content-type": "application/json", [paystackSignatureHeader]: signature },
  });
}

describe("card funding through Paystack's checkout", () => {
  it("opens Paystack's checkout, whose payment credits the wallet through the signed webhook", async () => {
    const c = await server.signedInCustomer();
    const { reference, checkout_url } = await openCheckout(c.token);
    expect(reference).toMatch(/^OJF/);
    expect(checkout_url).toMatch(
      new RegExp(`^http://localhost:${new URL(server.origin).port}/simulator/paystack/checkout/`),
    );
    expect(await fundingOf(reference, c.token)).toMatchObject({
      kind: "funding",
      status: "pending",
      amount: naira(5000),
    });
    expect(server.paystack.transaction(reference)).toMatchObject({
      amount: naira(5000),
      status: "abandoned",
    });

    const page = await fetch(checkout_url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("₦5,000.00");
    expect(html).toContain("4084 0840 8408 4081");

    const paid = await payByCard(checkout_url);
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location") ?? "");
    expect(back.pathname).toBe("/app/fund-account");
    expect(back.searchParams.get("reference")).toBe(reference);
    expect(back.searchParams.get("trxref")).toBe(reference);

    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
    const credited = await fundingOf(reference, c.token);
    expect(credited).toMatchObject({ status: "successful", balance_before: 0, balance_after: naira(5000) });
    expect(credited.provider_reference).toBe(String(server.paystack.transaction(reference)?.id));
    // Back on the page: the server asks Paystack again and finds it done; nothing is credited twice.
    expect(await checkBack(reference, c.token)).toMatchObject({ transaction: { status: "successful" } });
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
  });

  it("sends the customer back to a page that knows a cancelled payment, and credits nothing", async () => {
    const c = await server.signedInCustomer();
    const { reference, checkout_url } = await openCheckout(c.token);
    const cancelled = await checkoutForm(checkout_url, { method: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(await checkBack(reference, c.token)).toMatchObject({
      transaction: { status: "pending" },
      gateway_status: "abandoned",
    });
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("never trusts the redirect: coming back unpaid credits nothing", async () => {
    const c = await server.signedInCustomer();
    const { reference } = await openCheckout(c.token);
    expect(await checkBack(reference, c.token)).toMatchObject({ transaction: { status: "pending" } });
    expect(await walletBalance(server.db, c.id)).toBe(0);
    const stranger = await server.signedInCustomer();
    expect(
      (
        await server.send("GET /core/customer/wallet/fund/:reference", {
          token: stranger.token,
          params: { reference },
        })
      ).status,
    ).toBe(404);
  });

  it("answers a retried request with the same checkout, and a changed one with 409", async () => {
    const c = await server.signedInCustomer();
    const request_id = crypto.randomUUID();
    const first = await openCheckout(c.token, naira(2000), request_id);
    expect(await openCheckout(c.token, naira(2000), request_id)).toEqual(first);
    const other = await server.send("POST /core/customer/wallet/fund", {
      token: c.token,
      body: { amount: naira(3000), request_id },
    });
    expect(other.status).toBe(409);
    expect(await server.db.$count(transactions, eq(transactions.userId, c.id))).toBe(1);
  });

  it("says so when Paystack cannot be reached, and the funding is checked later rather than lost", async () => {
    const c = await server.signedInCustomer();
    server.paystack.setBehaviour({ hang: true });
    try {
      const answer = await server.send("POST /core/customer/wallet/fund", {
        token: c.token,
        body: { amount: naira(1500), request_id: crypto.randomUUID() },
      });
      expect(answer).toMatchObject({ status: 503, body: { status: false, code: "service_unavailable" } });
    } finally {
      server.paystack.setBehaviour({ hang: false });
    }
    const [funding] = await server.db.select().from(transactions).where(eq(transactions.userId, c.id));
    expect(funding).toMatchObject({ status: "pending", checkoutUrl: null });
    expect(funding?.nextRequeryAt).not.toBeNull();
  }, 40_000);

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

describe("Paystack's webhook", () => {
  async function paidEvent(c: { token: string }, amount = naira(5000)) {
    const { reference, checkout_url } = await openCheckout(c.token, amount);
    server.paystack.setBehaviour({ webhooks: "hold" });
    try {
      await payByCard(checkout_url);
    } finally {
      server.paystack.setBehaviour({ webhooks: "deliver" });
    }
    const held = server.paystack.heldWebhooks().at(-1);
    if (!held) throw new Error("no webhook was held");
    return {
      reference,
      raw: held.rawBody,
      event: JSON.parse(held.rawBody) as { event: string; data: Record<string, unknown> },
    };
  }

  it("credits once however often, and however concurrently, the same event arrives", async () => {
    const c = await server.signedInCustomer();
    const { reference, raw } = await paidEvent(c);
    const answers = await Promise.all(Array.from({ length: 5 }, () => webhook(raw)));
    const outcomes = await Promise.all(answers.map(webhookOutcome));
    expect(outcomes.filter((o) => o === "credited")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "duplicate_event")).toHaveLength(4);
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
    expect(await fundingOf(reference, c.token)).toMatchObject({ status: "successful" });
    // Paystack's own retries, after the first was answered, find it credited too.
    expect(await (await webhook(raw)).json()).toMatchObject({ data: { outcome: "duplicate_event" } });
    await server.paystack.releaseWebhooks();
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
  });

  it("refuses a bad signature before reading the body, and credits nothing", async () => {
    const c = await server.signedInCustomer();
    const { raw } = await paidEvent(c);
    for (const signature of [
      "",
      "abc",
      paystackSignature("sk_test_another_secret_key", raw),
      paystackSignature(secret, `${raw} `),
    ]) {
      const res = await webhook(raw, signature);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({
        status: false,
        code: "bad_signature",
        msg: "Invalid signature.",
        data: null,
        req_id: res.headers.get("x-request-id"),
      });
    }
    expect((await webhook("{not json", "0".repeat(128))).status).toBe(401);
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("never credits an amount other than the one the customer asked to pay, even when signed", async () => {
    const c = await server.signedInCustomer();
    const { reference, event } = await paidEvent(c, naira(5000));
    const tampered = JSON.stringify({ ...event, data: { ...event.data, amount: naira(50_000) } });
    expect(await (await webhook(tampered)).json()).toMatchObject({ data: { outcome: "amount_mismatch" } });
    const inDollars = JSON.stringify({ ...event, data: { ...event.data, id: 77, currency: "USD" } });
    expect(await (await webhook(inDollars)).json()).toMatchObject({ data: { outcome: "amount_mismatch" } });
    expect(await walletBalance(server.db, c.id)).toBe(0);
    const funding = await fundingOf(reference, c.token);
    expect(funding.status).toBe("failed");
    expect(funding.failure_reason).toMatch(
      /^The gateway reported NGN ₦50,000.00, not ₦5,000.00; not credited/,
    );
  });

  it("acknowledges events it does not act on, and refuses what Paystack would not send", async () => {
    const transfer = JSON.stringify({ event: "transfer.success", data: { id: 1 } });
    expect(await (await webhook(transfer)).json()).toMatchObject({
      status: true,
      data: { outcome: "ignored" },
    });
    for (const body of [
      "{not json",
      JSON.stringify({ event: "charge.success" }),
      JSON.stringify({ hello: "world" }),
    ]) {
      const res = await webhook(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ status: false, msg: "This is not an event Paystack sends." });
    }
  });

  it("records an event for a reference it does not know, crediting no one", async () => {
    const raw = JSON.stringify({
      event: "charge.success",
      data: {
        id: 99,
        reference: "not-ours-1",
        status: "success",
        amount: naira(100),
        currency: "NGN",
        channel: "card",
      },
    });
    expect(await (await webhook(raw)).json()).toMatchObject({ data: { outcome: "unknown_reference" } });
    const [seen] = await server.db
      .select()
      .from(gatewayEvents)
      .where(and(eq(gatewayEvents.gateway, "paystack"), eq(gatewayEvents.reference, "not-ours-1")));
    expect(seen?.outcome).toBe("unknown_reference");
  });

  it("only hears Paystack's addresses when the allow-list is set", async () => {
    const guarded = await createTestServer({ PAYSTACK_WEBHOOK_IPS: "paystack" });
    try {
      const res = await fetch(`${guarded.origin}/api/webhooks/paystack/`, { method: "POST", body: "{}" });
      expect(res.status).toBe(403);
      expect(guarded.deps.config.paystackWebhookIps).toEqual([
        "52.31.139.75",
        "52.49.173.169",
        "52.214.14.220",
      ]);
    } finally {
      await guarded.close();
    }
  });

  it("has no other gateway", async () => {
    const res = await server.app.request("/api/webhooks/sandbox/", { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
  });
});

describe("referral bonus on gateway fundings", () => {
  it("pays the referrer on the referred customer's first qualifying funding by transfer or card, once", async () => {
    const referrer = await server.signedInCustomer();
    const code = (await server.sendOk("GET /auth/profile", { token: referrer.token })).referral_code;
    const referred = await server.signedInCustomer({ referral_code: code });
    const account = await server.sendOk("GET /core/customer/wallet/bank-account", { token: referred.token });
    await server.paystack.transfer(account.account_number, naira(500)); // below ₦1,000: not yet
    expect(await walletBalance(server.db, referrer.id)).toBe(0);
    const { reference, checkout_url } = await openCheckout(referred.token, naira(1_000));
    await payByCard(checkout_url);
    expect(await checkBack(reference, referred.token)).toMatchObject({
      transaction: { status: "successful" },
    });
    expect(await walletBalance(server.db, referrer.id)).toBe(naira(100));
    await server.paystack.transfer(account.account_number, naira(2_000)); // later ones: nothing more
    expect(await walletBalance(server.db, referrer.id)).toBe(naira(100));
    expect(await walletBalance(server.db, referred.id)).toBe(naira(3_500));
    await expectLedgerConsistent(server.db);
  });
});

describe("a dedicated bank account per customer", () => {
  it("gives a verified customer one account number, whose transfers credit the wallet once", async () => {
    const c = await server.signedInCustomer({ first_name: "Ada", last_name: "Okafor" });
    const first = await server.send("GET /core/customer/wallet/bank-account", { token: c.token });
    expect(first.status).toBe(200);
    const account = first.data;
    if (!account) throw new Error("no account was opened");
    expect(account).toMatchObject({ bank_name: "Test Bank", account_name: "OJAPAY/ADA OKAFOR" });
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(await server.sendOk("GET /core/customer/wallet/bank-account", { token: c.token })).toEqual(
      account,
    );

    const sent = await server.paystack.transfer(account.account_number, naira(7_500), { name: "ADA OKAFOR" });
    expect(await walletBalance(server.db, c.id)).toBe(naira(7_500));
    const [funding] = await server.db.select().from(transactions).where(eq(transactions.userId, c.id));
    expect(funding).toMatchObject({
      kind: "funding",
      status: "successful",
      amount: naira(7_500),
      providerReference: String(sent.id),
    });
    expect(funding?.description).toContain(
      `Bank transfer to your Test Bank account ${account.account_number}`,
    );

    // Every copy of its webhook finds it credited already.
    const delivered = server.paystack.webhooks.at(-1);
    if (!delivered) throw new Error("no webhook was sent");
    const again = await webhook(delivered.rawBody, delivered.signature);
    expect(await again.json()).toMatchObject({ data: { outcome: "duplicate_event" } });
    expect(await walletBalance(server.db, c.id)).toBe(naira(7_500));
  });

  it("is for customers who may move money", async () => {
    const c = await server.signedInCustomer();
    const admin = await server.signedInOperator("admin");
    const barred = await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
      body: { can_transact: false },
    });
    expect(barred.status).toBe(200);
    const answer = await server.send("GET /core/customer/wallet/bank-account", { token: c.token });
    expect(answer.status).toBe(403);
    expect(server.paystack.accounts().some((a) => a.customer?.email === c.email)).toBe(false);
  });
});

describe("reconciliation", () => {
  // Its own server: a reconciliation lists the whole day, and this file's other tests leave payments behind.
  ownServerWithin(server);

  it("credits a payment whose webhook never came, when the worker asks Paystack by reference", async () => {
    const c = await server.signedInCustomer();
    const { reference, checkout_url } = await openCheckout(c.token, naira(3000));
    server.paystack.setBehaviour({ webhooks: "hold" });
    try {
      await payByCard(checkout_url);
    } finally {
      server.paystack.setBehaviour({ webhooks: "deliver" });
    }
    expect(await walletBalance(server.db, c.id)).toBe(0);
    expect(await checkPendingFundings(server.deps)).toBe(0); // not yet due: a webhook usually comes in seconds
    server.clock.advance(5 * 60_000);
    expect(await checkPendingFundings(server.deps)).toBeGreaterThanOrEqual(1);
    expect(await walletBalance(server.db, c.id)).toBe(naira(3000));
    const funding = await fundingOf(reference, c.token);
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, funding.id))
      .orderBy(desc(auditLog.seq));
    expect(audit).toMatchObject({ action: "funding.reconciled", actorId: null });
    // The webhook, late, changes nothing.
    await server.paystack.releaseWebhooks();
    expect(await walletBalance(server.db, c.id)).toBe(naira(3000));
  });

  it("marks a checkout never paid as failed once it expires, and still credits a payment that comes after", async () => {
    const c = await server.signedInCustomer();
    const { reference, checkout_url } = await openCheckout(c.token, naira(2500));
    const row = async () =>
      (await server.db.select().from(transactions).where(eq(transactions.reference, reference)))[0];
    server.clock.advance(23 * 3_600_000);
    await checkPendingFundings(server.deps);
    expect(await row()).toMatchObject({ status: "pending" });
    server.clock.advance(3_600_000 + 60_000);
    await checkPendingFundings(server.deps);
    expect(await row()).toMatchObject({ status: "failed", failureReason: "The payment was not completed." });
    await payByCard(checkout_url);
    expect(await row()).toMatchObject({ status: "successful", failureReason: null });
    expect(await walletBalance(server.db, c.id)).toBe(naira(2500));
  });

  it("lists the day's payments, credits the ones never credited, audits them, and reports what matches nothing", async () => {
    const admin = await server.signedInOperator("admin");
    const c = await server.signedInCustomer();
    const { checkout_url } = await openCheckout(c.token, naira(4000));
    server.paystack.setBehaviour({ webhooks: "hold" });
    try {
      await payByCard(checkout_url);
    } finally {
      server.paystack.setBehaviour({ webhooks: "deliver" });
    }
    const day = lagosDay(server.clock.now());
    const reconcile = () =>
      server.send("POST /sys.admin/reconciliation", { token: admin.token, body: { day } });
    const run = await reconcile();
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.data).toMatchObject({ day, status: "done", credited: 1, credited_amount: naira(4000) });
    expect(await walletBalance(server.db, c.id)).toBe(naira(4000));
    const again = await reconcile();
    expect(again.data).toMatchObject({ status: "done", credited: 0 });
    const runs = await server.sendOk("GET /sys.admin/reconciliation", { token: admin.token });
    expect(runs.runs[0]).toMatchObject({ day, ran_by: { id: admin.id } });
    await server.paystack.releaseWebhooks();
    expect(await walletBalance(server.db, c.id)).toBe(naira(4000));

    // A transfer into a dedicated account whose webhook was lost is found the same way; a payment that
    // matches nothing of ours is listed for staff, and credits no one.
    const account = await server.sendOk("GET /core/customer/wallet/bank-account", { token: c.token });
    server.paystack.setBehaviour({ webhooks: "hold" });
    try {
      await server.paystack.transfer(account.account_number, naira(1200));
      // Someone else's payment on the same Paystack account (another app, a payment link).
      const started = await fetch(`${server.origin}/simulator/paystack/transaction/initialize`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify({ email: "walk-in@example.com", amount: naira(999), reference: "not-ours-2" }),
      });
      expect(started.status).toBe(200);
      await server.paystack.pay("not-ours-2");
    } finally {
      server.paystack.setBehaviour({ webhooks: "deliver" });
    }
    const third = await reconcile();
    expect(third.data).toMatchObject({
      status: "done",
      credited: 1,
      credited_amount: naira(1200),
      unmatched: ["not-ours-2"],
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(5200));
    await server.paystack.releaseWebhooks();
    expect(await walletBalance(server.db, c.id)).toBe(naira(5200));

    for (const [body, field] of [
      [{ day: "2026-13-01" }, "day"],
      [{ day: "2999-01-01" }, "day"],
      [{}, "day"],
    ] as const) {
      const refused = await server.post("sys.admin/reconciliation/", body, admin.token);
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.[field]).toBeDefined();
    }
    const staff = await server.signedInOperator("staff");
    expect(
      (await server.send("POST /sys.admin/reconciliation", { token: staff.token, body: { day } })).status,
    ).toBe(403);
  });
});

describe("staff funding", () => {
  const staffFunds = (
    token: string | undefined,
    user_id: string,
    body: { amount: number; reason: string; request_id: string },
  ) => server.send("POST /staff/customer/fund/:user_id", { token, params: { user_id }, body });
  it("credits the customer at once, audited, with the reason", async () => {
    const c = await server.signedInCustomer();
    const staff = await server.signedInOperator("staff");
    const request_id = crypto.randomUUID();
    const fund = () =>
      server.send("POST /staff/customer/fund/:user_id", {
        token: staff.token,
        params: { user_id: c.id },
        body: { amount: naira(2500), reason: "Refund for a failed bank transfer", request_id },
      });
    const answer = await fund();
    expect(answer.status).toBe(201);
    expect(answer.data).toMatchObject({
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

    const retry = await fund();
    expect(retry.data).toEqual(answer.data);
    expect(await walletBalance(server.db, c.id)).toBe(naira(2500));
  });

  it("is for staff and admins only", async () => {
    const c = await server.signedInCustomer();
    const body = { amount: naira(100), reason: "try it", request_id: crypto.randomUUID() };
    expect((await staffFunds(c.token, c.id, body)).status).toBe(403);
    expect((await staffFunds(undefined, c.id, body)).status).toBe(401);
    const admin = await server.signedInOperator("admin");
    expect((await staffFunds(admin.token, c.id, body)).status).toBe(201);
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
    await expectUnauditedRefusal(
      server,
      () => server.post(`staff/customer/fund/${c.id}/`, body, staff.token),
      field,
      message,
    );
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("answers 404 for someone who is not a customer", async () => {
    const staff = await server.signedInOperator("staff");
    const body = { amount: naira(100), reason: "because", request_id: crypto.randomUUID() };
    expect((await staffFunds(staff.token, staff.id, body)).status).toBe(404);
    expect((await staffFunds(staff.token, "not-a-uuid", body)).status).toBe(404);
  });
});
