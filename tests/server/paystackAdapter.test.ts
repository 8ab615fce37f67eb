import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GatewayRefused } from "../../server/outside/gateway";
import {
  createPaystackGateway,
  paystackSignature,
  paystackSignatureHeader,
} from "../../server/outside/paystack/paystackGateway";
import {
  createPaystackSimulator,
  type PaystackSimulator,
} from "../../server/outside/paystack/simulator/paystackSimulator";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { serveOnLoopback } from "./support/loopbackSimulator";
import { TestClock } from "./support/testClock";

/** The Paystack adapter against the Paystack simulator over real HTTP. */
const clock = new TestClock(new Date("2026-03-02T09:00:00.000Z"));
const secretKey = simulatorKeys.paystack.secretKey;
let simulator: PaystackSimulator;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  let root = "";
  simulator = createPaystackSimulator({
    secretKey,
    publicUrl: "http://pay.example/simulator/paystack",
    webhookUrl: null,
    clock,
    journalPath: null,
    latencyMs: 0,
  });
  const served = await serveOnLoopback(simulator);
  root = served.origin;
  base = root;
  close = served.stop;
});
afterAll(() => close());

const gateway = (key: string = secretKey, limits = { timeoutMs: 2_000, listingTimeoutMs: 10_000 }) =>
  createPaystackGateway({ baseUrl: base, secretKey: key, preferredBank: "test-bank", ...limits });
let counter = 0;
const reference = () => `OJF260302TEST${String(++counter).padStart(4, "0")}`;

describe("checkout and verify", () => {
  it("opens a checkout for our reference, and verify follows the payment from abandoned to success", async () => {
    const ref = reference();
    const { checkoutUrl } = await gateway().checkout({
      reference: ref,
      amount: 500_000,
      email: "ada@example.com",
      callbackUrl: "http://pay.example/app/fund-account",
    });
    expect(checkoutUrl).toMatch(/^http:\/\/pay\.example\/simulator\/paystack\/checkout\/\w+$/);
    expect(await gateway().verify(ref)).toMatchObject({
      reference: ref,
      status: "abandoned",
      amount: 500_000,
    });
    await simulator.control.pay(ref);
    const paid = await gateway().verify(ref);
    expect(paid).toMatchObject({ status: "successful", amount: 500_000, currency: "NGN", channel: "card" });
    expect(paid?.id).toMatch(/^\d+$/);
    expect(paid?.paidAt).toBeInstanceOf(Date);
  });

  it("answers null for a reference Paystack does not know, and refuses a reused one", async () => {
    expect(await gateway().verify("never-opened")).toBeNull();
    const ref = reference();
    const order = {
      reference: ref,
      amount: 10_000,
      email: "a@example.com",
      callbackUrl: "http://pay.example/x",
    };
    await gateway().checkout(order);
    await expect(gateway().checkout(order)).rejects.toThrow(/Duplicate Transaction Reference/);
  });

  it("refuses a wrong key as Paystack does", async () => {
    await expect(gateway("sk_test_wrong_key_123").verify("x")).rejects.toBeInstanceOf(GatewayRefused);
  });

  it("gives up on a Paystack that never answers: at its own time limit, or sooner when the caller aborts", async () => {
    simulator.control.setBehaviour({ hang: true });
    try {
      const started = Date.now();
      const limited = gateway(secretKey, { timeoutMs: 200, listingTimeoutMs: 10_000 });
      await expect(limited.verify("x")).rejects.toThrow();
      await expect(gateway().verify("x", AbortSignal.timeout(200))).rejects.toThrow();
      // The day's listing is held to its own limit over every page, whatever each page may take.
      const listing = gateway(secretKey, { timeoutMs: 10_000, listingTimeoutMs: 200 });
      await expect(listing.listSuccessful(new Date(0), new Date())).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(1_800);
    } finally {
      simulator.control.setBehaviour({ hang: false });
    }
  });
});

describe("the day's list", () => {
  it("pages through every successful payment created in the window", async () => {
    const refs = Array.from({ length: 3 }, reference);
    for (const ref of refs) {
      await gateway().checkout({
        reference: ref,
        amount: 20_000,
        email: "b@example.com",
        callbackUrl: "http://x/y",
      });
      await simulator.control.pay(ref);
    }
    const unpaid = reference();
    await gateway().checkout({
      reference: unpaid,
      amount: 20_000,
      email: "b@example.com",
      callbackUrl: "http://x/y",
    });
    const listed = await gateway().listSuccessful(
      new Date("2026-03-01T23:00:00.000Z"),
      new Date("2026-03-02T23:00:00.000Z"),
    );
    const seen = listed.map((p) => p.reference);
    for (const ref of refs) expect(seen).toContain(ref);
    expect(seen).not.toContain(unpaid);
    expect(listed.every((p) => p.status === "successful")).toBe(true);
    const tomorrow = await gateway().listSuccessful(
      new Date("2026-03-02T23:00:00.000Z"),
      new Date("2026-03-03T23:00:00.000Z"),
    );
    expect(tomorrow).toEqual([]);
  });
});

describe("dedicated accounts and transfers", () => {
  it("opens one account per customer, and reads a transfer into it from the webhook", async () => {
    const customer = {
      email: "ada.okafor@example.com",
      firstName: "Ada",
      lastName: "Okafor",
      phone: "08031234567",
    };
    const account = await gateway().openDedicatedAccount(customer);
    expect(account).toMatchObject({ bankName: "Test Bank", accountName: "OJAPAY/ADA OKAFOR" });
    expect(account.accountNumber).toMatch(/^\d{10}$/);
    expect(await gateway().openDedicatedAccount(customer)).toEqual(account);

    await simulator.control.transfer(account.accountNumber, 250_000, { name: "ADA OKAFOR" });
    const listed = await gateway().listSuccessful(
      new Date("2026-03-01T00:00:00Z"),
      new Date("2026-03-04T00:00:00Z"),
    );
    const transfer = listed.find((p) => p.receiverAccount === account.accountNumber);
    expect(transfer).toMatchObject({
      status: "successful",
      amount: 250_000,
      channel: "dedicated_nuban",
      customerCode: account.customerCode,
    });
  });
});

describe("webhooks", () => {
  const body = (data: Record<string, unknown>, event = "charge.success") => JSON.stringify({ event, data });
  const headers = (raw: string, key: string = secretKey) =>
    new Headers({ [paystackSignatureHeader]: paystackSignature(key, raw) });

  it("accepts only the signature of the exact raw body with our key", () => {
    const raw = body({ id: 1, reference: "r", status: "success", amount: 100, currency: "NGN" });
    expect(gateway().verifySignature(raw, headers(raw))).toBe(true);
    expect(gateway().verifySignature(`${raw} `, headers(raw))).toBe(false);
    expect(gateway().verifySignature(raw, headers(raw, "sk_test_other_key_1"))).toBe(false);
    expect(gateway().verifySignature(raw, new Headers())).toBe(false);
    expect(gateway().verifySignature(raw, new Headers({ [paystackSignatureHeader]: "zz" }))).toBe(false);
  });

  it("reads charge.success, ignores other events, and refuses what is not Paystack's", () => {
    const paid = gateway().parseWebhook(
      body({ id: 42, reference: "r1", status: "success", amount: 5000, currency: "NGN", channel: "card" }),
    );
    expect(paid).toEqual({
      kind: "payment",
      event: "charge.success",
      payment: expect.objectContaining({ id: "42", reference: "r1", status: "successful", amount: 5000 }),
    });
    expect(gateway().parseWebhook(body({ id: 1 }, "transfer.success"))).toEqual({
      kind: "ignored",
      event: "transfer.success",
    });
    for (const raw of [
      "{nope",
      "{}",
      body({ id: 1, reference: "r" }),
      body({ id: 1, reference: "r", status: "success", amount: 1.5, currency: "NGN" }),
    ]) {
      expect(gateway().parseWebhook(raw)).toBeNull();
    }
  });

  it("matches what the simulator signs and sends", async () => {
    const ref = reference();
    await gateway().checkout({
      reference: ref,
      amount: 30_000,
      email: "c@example.com",
      callbackUrl: "http://x/y",
    });
    simulator.control.setBehaviour({ webhooks: "hold" });
    await simulator.control.pay(ref);
    simulator.control.setBehaviour({ webhooks: "deliver" });
    const held = simulator.control.heldWebhooks().at(-1);
    expect(held).toBeDefined();
    const raw = held?.rawBody as string;
    expect(
      gateway().verifySignature(raw, new Headers({ [paystackSignatureHeader]: held?.signature as string })),
    ).toBe(true);
    expect(gateway().parseWebhook(raw)).toMatchObject({
      kind: "payment",
      payment: { reference: ref, amount: 30_000 },
    });
  });
});
