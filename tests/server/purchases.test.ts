import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../schemas/purchases";
import type { Transaction } from "../../schemas/transactions";
import { dataPlans, emergencyMode, networks, transactionEvents, transactions } from "../../server/db/schema";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";
import type { TestServer } from "./support/testServer";

const server = serverForFile();

const newId = () => crypto.randomUUID();

const buyAirtime = (c: Customer, over: Parameters<TestServer["buyAirtime"]>[3] = {}) =>
  server.buyAirtime(c, "08031234567", naira(1000), over);
/** The purchase an answer holds; a refusal, or a verification's answer, holds none. */
function txnOf(answer: {
  status: number;
  body: { msg: string };
  data?: Transaction | TvVerifyResult | MeterVerifyResult;
}): Transaction {
  if (!answer.data || !("id" in answer.data))
    throw new Error(`no purchase in this answer (${answer.status}): ${answer.body.msg}`);
  return answer.data;
}
const transactionOf = (c: { token: string }, reference: string) =>
  server.sendOk("GET /core/customer/transactions/:reference", { token: c.token, params: { reference } });
const events = async (reference: string) => {
  const [row] = await server.db.select().from(transactions).where(eq(transactions.reference, reference));
  return server.db
    .select()
    .from(transactionEvents)
    .where(eq(transactionEvents.transactionId, row?.id ?? ""));
};

describe("buying airtime", () => {
  it("takes the discounted total, records every step, and answers the transaction", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const answer = await buyAirtime(c);
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe("Purchase successful.");
    expect(txnOf(answer)).toMatchObject({
      kind: "airtime",
      status: "successful",
      amount: naira(1000),
      discount: naira(20), // MTN's 2%
      fee: 0,
      total: naira(980),
      recipient: "08031234567",
      product: "MTN ₦1,000 airtime",
      balance_before: naira(5000),
      balance_after: naira(4020),
    });
    expect(txnOf(answer).reference).toMatch(/^OJA\d{6}[A-Z2-9]{8}$/);
    expect(await walletBalance(server.db, c.id)).toBe(naira(4020));
    const history = await events(txnOf(answer).reference);
    expect(history.map((e) => e.status)).toEqual(["pending", "successful"]);
    // The first event, written before VTpass was asked, does not claim it was.
    expect(history[0]?.note).toMatch(/^₦980\.00 held; request \d{12}\w+ goes to the provider next\.$/);
    const wallet = await server.sendOk("GET /core/customer/wallet", { token: c.token });
    expect(wallet).toMatchObject({ balance: naira(4020), pending_total: 0 });
  });

  it("gives the money back when the provider declines (a number ending 0000)", async () => {
    const c = await server.fundedCustomer(naira(2000));
    const answer = await buyAirtime(c, { phone: "08030000000" });
    expect(answer.status).toBe(200);
    expect(txnOf(answer)).toMatchObject({
      status: "failed",
      failure_reason: "The provider could not complete this purchase.",
      balance_after: naira(2000),
    });
    expect(answer.body.msg).toMatch(/^The purchase failed: .* Your money is back in your wallet\.$/);
    expect(await walletBalance(server.db, c.id)).toBe(naira(2000));
  });

  it("holds the money while pending and settles as successful on the second requery (1111)", async () => {
    const c = await server.fundedCustomer(naira(2000));
    const answer = await buyAirtime(c, { phone: "08031111111" });
    const txn = txnOf(answer);
    expect(txn.status).toBe("pending");
    expect(answer.body.msg).toMatch(/waiting for the provider/);
    expect(await walletBalance(server.db, c.id)).toBe(naira(1020));
    expect(await server.sendOk("GET /core/customer/wallet", { token: c.token })).toMatchObject({
      pending_total: naira(980),
    });

    // Not due yet: nothing is asked.
    expect(await requeryDue(server.deps)).toBe(0);
    server.clock.advance(1_000);
    expect(await requeryDue(server.deps)).toBe(1);
    expect(await transactionOf(c, txn.reference)).toMatchObject({ status: "pending" });
    server.clock.advance(2_000);
    expect(await requeryDue(server.deps)).toBe(1);
    const settled = await transactionOf(c, txn.reference);
    // VTpass's own long reference for the delivery.
    expect(settled).toMatchObject({
      status: "successful",
      provider_reference: expect.stringMatching(/^\d{10,}$/),
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(1020));
    expect(await requeryDue(server.deps)).toBe(0);
  });

  it("settles as failed after the second requery, and only then returns the money (2222)", async () => {
    const c = await server.fundedCustomer(naira(2000));
    const txn = txnOf(await buyAirtime(c, { phone: "08032222222" }));
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    expect(await walletBalance(server.db, c.id)).toBe(naira(1020));
    server.clock.advance(2_000);
    await requeryDue(server.deps);
    const settled = await transactionOf(c, txn.reference);
    expect(settled).toMatchObject({
      status: "failed",
      failure_reason: "The provider could not complete this purchase.",
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(2000));
  });

  it("treats a provider timeout as pending, never as a failure (3333)", async () => {
    const c = await server.fundedCustomer(naira(2000));
    const started = Date.now();
    const txn = txnOf(await buyAirtime(c, { phone: "08033333333" }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(txn.status).toBe("pending");
    expect(await walletBalance(server.db, c.id)).toBe(naira(1020));
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    const settled = await transactionOf(c, txn.reference);
    expect(settled.status).toBe("successful");
  });

  it("backs off between requeries", async () => {
    const c = await server.fundedCustomer(naira(2000));
    const txn = txnOf(await buyAirtime(c, { phone: "08031111111", amount: naira(500) }));
    const next = async () => {
      const [row] = await server.db
        .select()
        .from(transactions)
        .where(eq(transactions.reference, txn.reference));
      return (row?.nextRequeryAt?.getTime() ?? 0) - server.clock.now().getTime();
    };
    expect(await next()).toBe(1_000);
    server.clock.advance(1_000);
    await requeryDue(server.deps);
    expect(await next()).toBe(2_000);
  });
});

describe("the other products", () => {
  it("sells a data plan at its price", async () => {
    const c = await server.fundedCustomer(naira(3000));
    const plans = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: c.token,
      params: { id: 4 },
    });
    const plan = plans.find((p) => p.price === naira(1500)) ?? plans[0];
    if (!plan) throw new Error("Airtel has no data plans");
    const answer = await server.send("POST /core/customer/data-bundle", {
      token: c.token,
      body: { plan_id: plan.id, phone: "08021234567", pin: c.pin, request_id: newId() },
    });
    expect(txnOf(answer)).toMatchObject({
      kind: "data",
      status: "successful",
      amount: plan.price,
      total: plan.price,
      product: `Airtel ${plan.name}`,
    });
  });

  it("verifies a smartcard, then sells the bouquet with the provider's fee and the customer's name", async () => {
    const c = await server.fundedCustomer(naira(25_000));
    const verify = await server.send("POST /core/customer/tv", {
      token: c.token,
      body: { action: "verify", provider_id: 1, smartcard: "7023456789" },
    });
    expect(verify.status).toBe(200);
    const found = verify.data;
    if (!found || "id" in found) throw new Error("a verification answers the smartcard, not a transaction");
    expect(found.customer_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(found.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const bouquets = await server.sendOk("GET /core/customer/fetch/tv/:id", {
      token: c.token,
      params: { id: 1 },
    });
    const compact = bouquets.find((b) => b.name === "DStv Compact");
    if (!compact) throw new Error("DStv has no Compact bouquet");
    const answer = await server.send("POST /core/customer/tv", {
      token: c.token,
      body: {
        action: "buy",
        provider_id: 1,
        plan_id: compact.id,
        smartcard: "7023456789",
        phone: "08031234567",
        pin: c.pin,
        request_id: newId(),
      },
    });
    expect(txnOf(answer)).toMatchObject({
      kind: "tv",
      status: "successful",
      amount: naira(19_000),
      fee: naira(100),
      total: naira(19_100),
      customer_name: found.customer_name,
      recipient: "7023456789",
    });
  });

  it("refuses a smartcard the provider cannot find (4444) and charges nothing", async () => {
    const c = await server.fundedCustomer(naira(25_000));
    const verify = await server.send("POST /core/customer/tv", {
      token: c.token,
      body: { action: "verify", provider_id: 2, smartcard: "1234564444" },
    });
    expect(verify).toMatchObject({
      status: 400,
      body: { msg: "We could not find a customer with that smartcard number." },
    });
    const buy = await server.send("POST /core/customer/tv", {
      token: c.token,
      body: {
        action: "buy",
        provider_id: 2,
        plan_id: 7,
        smartcard: "1234564444",
        phone: "08031234567",
        pin: c.pin,
        request_id: newId(),
      },
    });
    expect(buy.status).toBe(400);
    expect(await walletBalance(server.db, c.id)).toBe(naira(25_000));
  });

  it("sells prepaid electricity with a 20-digit token, and postpaid without one", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const verify = await server.send("POST /core/customer/electricity", {
      token: c.token,
      body: { action: "verify", disco_id: 6, meter_number: "45071234567", meter_type: "prepaid" },
    });
    expect(verify.data).toMatchObject({
      customer_name: expect.any(String),
      address: expect.stringMatching(/\d+ .+/),
    });
    const buy = (meter_type: MeterType, meter_number: string) =>
      server.send("POST /core/customer/electricity", {
        token: c.token,
        body: {
          action: "buy",
          disco_id: 6,
          meter_number,
          meter_type,
          amount: naira(3000),
          phone: "08031234567",
          pin: c.pin,
          request_id: newId(),
        },
      });
    const prepaid = txnOf(await buy("prepaid", "45071234567"));
    expect(prepaid).toMatchObject({
      status: "successful",
      amount: naira(3000),
      fee: naira(100),
      total: naira(3100),
      product: "Ikeja Electric (IKEDC), prepaid",
    });
    expect(prepaid.token).toMatch(/^\d{20}$/);
    const postpaid = txnOf(await buy("postpaid", "45071234568"));
    expect(postpaid).toMatchObject({ status: "successful", token: null });
    expect(await walletBalance(server.db, c.id)).toBe(naira(10_000 - 6_200));
  });

  it("refuses a meter the provider cannot find (4444)", async () => {
    const c = await server.fundedCustomer(0);
    const verify = await server.send("POST /core/customer/electricity", {
      token: c.token,
      body: { action: "verify", disco_id: 1, meter_number: "12345674444", meter_type: "prepaid" },
    });
    expect(verify).toMatchObject({
      status: 400,
      body: {
        msg: "We could not find a customer with that meter number.",
        fields: { meter_number: ["We could not find a customer with that meter number."] },
      },
    });
  });
});

describe("refusals, each with its own message", () => {
  it("answers 503 with the admin's message in emergency mode, for purchases and funding", async () => {
    const c = await server.fundedCustomer(naira(2000));
    await server.db
      .update(emergencyMode)
      .set({ enabled: true, message: "Our provider is down. Back by 6pm." });
    try {
      const buy = await buyAirtime(c);
      expect(buy).toMatchObject({
        status: 503,
        body: { status: false, code: "sales_paused", msg: "Our provider is down. Back by 6pm." },
      });
      const fund = await server.send("POST /core/customer/wallet/fund", {
        token: c.token,
        body: { amount: naira(1000), request_id: newId() },
      });
      expect(fund).toMatchObject({ status: 503, body: { msg: "Our provider is down. Back by 6pm." } });
      expect((await server.send("GET /status")).body.data).toEqual({
        emergency: { enabled: true, message: "Our provider is down. Back by 6pm." },
      });
    } finally {
      await server.db.update(emergencyMode).set({ enabled: false, message: "" });
    }
    expect(await walletBalance(server.db, c.id)).toBe(naira(2000));
  });

  it("answers 503 when the network, plan, provider or disco is switched off", async () => {
    const c = await server.fundedCustomer(naira(50_000));
    await server.db
      .update(networks)
      .set({ airtimeEnabled: false, dataEnabled: false })
      .where(eq(networks.id, 2));
    const airtime = await buyAirtime(c, { network_id: 2, phone: "08051234567" });
    expect(airtime).toMatchObject({ status: 503, body: { msg: "GLO airtime is not available right now." } });
    const [gloPlan] = await server.db.select().from(dataPlans).where(eq(dataPlans.networkId, 2)).limit(1);
    const data = await server.post(
      "core/customer/data-bundle/",
      { plan_id: gloPlan?.id, phone: "08051234567", pin: c.pin, request_id: newId() },
      c.token,
    );
    expect(data).toMatchObject({ status: 503, body: { msg: "GLO data is not available right now." } });
    const controls = await server.sendOk("GET /core/customer/fetch/data", { token: c.token });
    expect(controls.find((n) => n.id === 2)?.enabled).toBe(false);
    await server.db
      .update(networks)
      .set({ airtimeEnabled: true, dataEnabled: true })
      .where(eq(networks.id, 2));

    const [mtnPlan] = await server.db.select().from(dataPlans).where(eq(dataPlans.networkId, 1)).limit(1);
    await server.db
      .update(dataPlans)
      .set({ enabled: false })
      .where(eq(dataPlans.id, mtnPlan?.id ?? 0));
    const plan = await server.post(
      "core/customer/data-bundle/",
      { plan_id: mtnPlan?.id, phone: "08031234567", pin: c.pin, request_id: newId() },
      c.token,
    );
    expect(plan).toMatchObject({
      status: 503,
      body: { msg: `The ${mtnPlan?.name} plan is not available right now.` },
    });
    const listed = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: c.token,
      params: { id: 1 },
    });
    expect(listed.map((p) => p.id)).not.toContain(mtnPlan?.id);
    expect(await walletBalance(server.db, c.id)).toBe(naira(50_000));
  });

  it("refuses airtime outside the network's limits", async () => {
    const c = await server.fundedCustomer(naira(100_000));
    for (const amount of [naira(49), naira(50_001)]) {
      const answer = await buyAirtime(c, { amount });
      expect(answer).toMatchObject({
        status: 400,
        body: {
          msg: "MTN airtime is from ₦50 to ₦50,000.",
          fields: { amount: ["MTN airtime is from ₦50 to ₦50,000."] },
        },
      });
    }
  });

  it("refuses a customer an admin has stopped from transacting (403)", async () => {
    const c = await server.fundedCustomer(naira(2000));
    const admin = await server.signedInOperator("admin");
    await server.send("PATCH /sys.admin/users/:id", {
      token: admin.token,
      params: { id: c.id },
      body: { can_transact: false },
    });
    const answer = await buyAirtime(c);
    expect(answer).toMatchObject({
      status: 403,
      body: { msg: "Your account cannot make purchases or add money right now. Please contact support." },
    });
  });

  it("asks for a PIN to be set first", async () => {
    const c = await server.signedInCustomer();
    await server.fund(c.id, naira(2000));
    const answer = await buyAirtime({ ...c, pin: "1234" });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: "pin_not_set",
        msg: "Set your transaction PIN first: choose Set your PIN where you pay, or Reset Pin on your Profile.",
      },
    });
  });

  it("counts wrong PINs down and locks purchases for 30 minutes on the fifth", async () => {
    const c = await server.fundedCustomer(naira(5000));
    for (const left of [4, 3, 2, 1]) {
      const answer = await buyAirtime(c, { pin: "0000" });
      expect(answer).toMatchObject({
        status: 400,
        body: { msg: `Incorrect PIN. You have ${left} attempt${left === 1 ? "" : "s"} left.` },
      });
    }
    const fifth = await buyAirtime(c, { pin: "0000" });
    expect(fifth).toMatchObject({
      status: 423,
      body: { msg: "Too many wrong PINs. Purchases are locked for 30 minutes." },
    });
    const right = await buyAirtime(c);
    expect(right).toMatchObject({
      status: 423,
      body: { msg: "Too many wrong PINs. Purchases are locked for 30 more minutes." },
    });
    server.clock.advance(30 * 60_000);
    const token = await server.login(c.email, c.password);
    expect((await buyAirtime({ ...c, token })).status).toBe(200);
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000 - 980));
  });

  it("refuses a purchase the wallet cannot pay for, and holds nothing", async () => {
    const c = await server.fundedCustomer(naira(500));
    const answer = await buyAirtime(c);
    expect(answer).toMatchObject({
      status: 400,
      body: {
        msg: "Insufficient balance: this costs ₦980.00 and your wallet has ₦500.00. Fund your wallet and try again.",
        data: { balance: naira(500), total: naira(980) },
      },
    });
    expect(await server.db.$count(transactions, eq(transactions.userId, c.id))).toBe(1);
  });

  it("asks before buying the same thing for the same number within 30 seconds", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const first = txnOf(await buyAirtime(c));
    const again = await buyAirtime(c);
    expect(again).toMatchObject({
      status: 409,
      body: {
        msg: "You bought the same thing for 08031234567 less than 30 seconds ago. Confirm if you want to buy it again.",
        data: { duplicate_of: first.reference },
      },
    });
    expect(txnOf(await buyAirtime(c, { allow_duplicate: true })).status).toBe("successful");
    server.clock.advance(31_000);
    expect(txnOf(await buyAirtime(c)).status).toBe("successful");
    // Another amount is another purchase.
    expect(txnOf(await buyAirtime(c, { amount: naira(999) })).status).toBe("successful");
  });
});

describe("request_id", () => {
  it("answers a retried request with the same purchase and charges once", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const body = {
      network_id: 1,
      phone: "08061234567",
      amount: naira(1000),
      pin: c.pin,
      request_id: newId(),
    };
    const first = await buyAirtime(c, body);
    const retry = await buyAirtime(c, body);
    expect(retry).toEqual(first);
    // A retry with a different PIN is still the same request.
    const wrongPin = await buyAirtime(c, { ...body, pin: "9999" });
    expect(wrongPin.body.data).toEqual(first.body.data);
    expect(await walletBalance(server.db, c.id)).toBe(naira(4020));
  });

  it("refuses the same request_id for a different purchase (409)", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const request_id = newId();
    await buyAirtime(c, { request_id });
    const other = await buyAirtime(c, { request_id, amount: naira(2000) });
    expect(other).toMatchObject({
      status: 409,
      body: {
        msg: "This request_id was already used for a different request. Start again to get a new one.",
      },
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(4020));
  });

  it("makes one purchase of two identical requests sent at the same time", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const body = {
      network_id: 1,
      phone: "08071234567",
      amount: naira(1000),
      pin: c.pin,
      request_id: newId(),
    };
    const answers = await Promise.all([1, 2, 3].map(() => buyAirtime(c, body)));
    const made = answers.filter((a) => a.status === 200).map((a) => txnOf(a).reference);
    expect(new Set(made).size).toBe(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await walletBalance(server.db, c.id)).toBe(naira(4020));
  });
});
