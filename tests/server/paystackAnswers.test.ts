import { describe, expect, it } from "vitest";
import { GatewayRefused } from "../../server/outside/gateway";
import type { OutsideReply } from "../../server/outside/outsideHttp";
import {
  checkoutAnswer,
  customerAnswer,
  dedicatedAccountAnswer,
  listPageAnswer,
  verifyAnswer,
  webhookEventOf,
} from "../../server/outside/paystack/paystackAnswers";

/**
 * Paystack's answers, row by row: each reply as Paystack sends it, and what the parser makes of it.
 * Pure: no server, no database.
 */
const reply = (body: unknown, httpStatus = 200): OutsideReply => ({ httpStatus, json: body, isJson: true });
const notJson = (httpStatus: number): OutsideReply => ({ httpStatus, json: undefined, isJson: false });
const ok = (data: unknown, extra: Record<string, unknown> = {}) =>
  reply({ status: true, message: "Verification successful", data, ...extra });

const transaction = (over: Record<string, unknown> = {}) => ({
  id: 4099260516,
  reference: "OJF260302ABCD1234",
  status: "success",
  amount: 500_000,
  currency: "NGN",
  channel: "card",
  paid_at: "2026-03-02T09:01:02.000Z",
  customer: { customer_code: "CUS_xnxdt6s1zg1f4nx" },
  authorization: null,
  metadata: null,
  ...over,
});
const payment = {
  id: "4099260516",
  reference: "OJF260302ABCD1234",
  status: "successful",
  amount: 500_000,
  currency: "NGN",
  channel: "card",
  paidAt: new Date("2026-03-02T09:01:02.000Z"),
  receiverAccount: undefined,
  customerCode: "CUS_xnxdt6s1zg1f4nx",
  sender: undefined,
};

describe("verify: Paystack's status in ours", () => {
  it.each([
    ["success", "successful"],
    ["failed", "failed"],
    ["abandoned", "abandoned"],
    ["reversed", "reversed"],
    ["ongoing", "pending"],
    ["pending", "pending"],
    ["processing", "pending"],
    ["queued", "pending"],
    ["a status never seen", "pending"],
  ])("%s is %s", (status, ours) => {
    expect(verifyAnswer(ok(transaction({ status })))).toEqual({ ...payment, status: ours });
  });
});

describe("verify: the transaction's fields", () => {
  it.each([
    ["the id as a string", { id: "4099260516" }, {}],
    ["paidAt instead of paid_at", { paid_at: undefined, paidAt: "2026-03-02T09:01:02.000Z" }, {}],
    ["paid_at null (not yet paid)", { paid_at: null }, { paidAt: null }],
    ["paid_at that is not a date", { paid_at: "yesterday" }, { paidAt: null }],
    ["no channel", { channel: undefined }, { channel: "unknown" }],
    ["no customer", { customer: undefined }, { customerCode: undefined }],
    [
      "a transfer into a dedicated account",
      {
        channel: "dedicated_nuban",
        authorization: {
          receiver_bank_account_number: "9930000123",
          sender_name: "ADA OKAFOR",
          sender_bank: "Access Bank",
        },
      },
      { channel: "dedicated_nuban", receiverAccount: "9930000123", sender: "ADA OKAFOR" },
    ],
    [
      "a transfer whose sender has only a bank",
      { authorization: { receiver_bank_account_number: 9930000123, sender_bank: "Access Bank" } },
      { receiverAccount: "9930000123", sender: "Access Bank" },
    ],
    [
      "the receiving account in the metadata only",
      { metadata: { receiver_account_number: "9930000123" } },
      { receiverAccount: "9930000123" },
    ],
    ["an authorization of another shape", { authorization: "AUTH_abc" }, {}],
  ])("%s", (_what, over, differs) => {
    expect(verifyAnswer(ok(transaction(over)))).toEqual({ ...payment, ...differs });
  });
});

describe("verify: not a payment", () => {
  it("answers null for a reference Paystack does not know: 400 with status false", () => {
    const unknown = reply({ status: false, message: "Transaction reference not found" }, 400);
    expect(verifyAnswer(unknown)).toBeNull();
  });

  it.each([
    ["a wrong key (401)", reply({ status: false, message: "Invalid key" }, 401), "HTTP 401, Invalid key"],
    [
      "status false under another 4xx",
      reply({ status: false, message: "Not found" }, 404),
      "HTTP 404, Not found",
    ],
    [
      "a 400 that is not Paystack's",
      reply({ error: "bad" }, 400),
      "HTTP 400, an answer that is not Paystack's",
    ],
    ["a 400 that is not JSON", notJson(400), "HTTP 400, an answer that is not Paystack's"],
    ["a server error that is not JSON", notJson(502), "HTTP 502, an answer that is not Paystack's"],
    ["status false under 200", reply({ status: false, message: "Try again" }), "HTTP 200, Try again"],
    ["no data", reply({ status: true, message: "ok" }), "HTTP 200, ok"],
    ["a fractional amount", ok(transaction({ amount: 1.5 })), "HTTP 200, Verification successful"],
    ["a negative amount", ok(transaction({ amount: -100 })), "HTTP 200, Verification successful"],
    ["no reference", ok(transaction({ reference: "" })), "HTTP 200, Verification successful"],
    ["no currency", ok(transaction({ currency: undefined })), "HTTP 200, Verification successful"],
  ])("refuses %s", (_what, given, said) => {
    expect(() => verifyAnswer(given)).toThrow(
      new GatewayRefused(`Paystack refused the verification: ${said}`),
    );
  });
});

describe("the day's list, a page at a time", () => {
  const page = (rows: unknown[], pageCount?: number) =>
    ok(rows, pageCount === undefined ? {} : { meta: { page: 1, pageCount } });
  it.each([
    ["page 1 of 3", page([transaction()], 3), 1, 1, true],
    ["page 3 of 3", page([transaction()], 3), 3, 1, false],
    ["an empty page though more are counted", page([], 3), 1, 0, false],
    ["no page count: this page is the last", page([transaction(), transaction({ id: 2 })]), 1, 2, false],
    ["a page count that is not a number", ok([transaction()], { meta: { pageCount: "3" } }), 1, 1, false],
  ])("%s", (_what, given, number, rows, more) => {
    const answered = listPageAnswer(given, number);
    expect(answered.payments).toHaveLength(rows);
    expect(answered.more).toBe(more);
  });

  it("refuses a page with a row it cannot read, rather than leave that payment out", () => {
    expect(() => listPageAnswer(page([transaction(), { id: 3 }], 1), 1)).toThrow(
      new GatewayRefused("Paystack refused the transaction list: HTTP 200, Verification successful"),
    );
  });
});

describe("checkout, customer and dedicated account", () => {
  it.each([
    [
      "a checkout",
      () =>
        checkoutAnswer(
          ok({
            authorization_url: "https://checkout.paystack.com/0peioxfhpn",
            access_code: "0peioxfhpn",
            reference: "r",
          }),
        ),
      { checkoutUrl: "https://checkout.paystack.com/0peioxfhpn" },
    ],
    ["a customer", () => customerAnswer(ok({ customer_code: "CUS_abc", id: 1 })), "CUS_abc"],
    [
      "a dedicated account",
      () =>
        dedicatedAccountAnswer(
          ok({
            account_number: "9930000123",
            account_name: "OJAPAY/ADA OKAFOR",
            bank: { name: "Wema Bank", id: 20 },
          }),
          "CUS_abc",
        ),
      {
        customerCode: "CUS_abc",
        accountNumber: "9930000123",
        accountName: "OJAPAY/ADA OKAFOR",
        bankName: "Wema Bank",
      },
    ],
  ])("reads %s", (_what, read, answered) => {
    expect(read()).toEqual(answered);
  });

  it.each([
    [
      "a reused reference",
      () => checkoutAnswer(reply({ status: false, message: "Duplicate Transaction Reference" }, 400)),
      "Paystack refused the checkout: HTTP 400, Duplicate Transaction Reference",
    ],
    [
      "a checkout address that is not one",
      () => checkoutAnswer(ok({ authorization_url: "not a url", reference: "r" })),
      "Paystack refused the checkout: HTTP 200, Verification successful",
    ],
    [
      "a customer without a code",
      () => customerAnswer(ok({ customer_code: "" })),
      "Paystack refused the customer: HTTP 200, Verification successful",
    ],
    [
      "an account number that is not ten digits",
      () =>
        dedicatedAccountAnswer(
          ok({ account_number: "12345", account_name: "X", bank: { name: "Wema Bank" } }),
          "CUS_abc",
        ),
      "Paystack refused the dedicated account: HTTP 200, Verification successful",
    ],
    [
      "a dedicated account refused",
      () =>
        dedicatedAccountAnswer(
          reply({ status: false, message: "Not available for business" }, 400),
          "CUS_abc",
        ),
      "Paystack refused the dedicated account: HTTP 400, Not available for business",
    ],
  ])("refuses %s", (_what, read, message) => {
    expect(read).toThrow(new GatewayRefused(message));
  });
});

describe("webhooks", () => {
  const body = (event: unknown, data: unknown) => JSON.stringify({ event, data });
  it.each([
    [
      "charge.success",
      body("charge.success", transaction()),
      { kind: "payment", event: "charge.success", payment },
    ],
    ["transfer.success", body("transfer.success", { id: 1 }), { kind: "ignored", event: "transfer.success" }],
    ["charge.failed", body("charge.failed", transaction()), { kind: "ignored", event: "charge.failed" }],
    ["a body that is not JSON", "{nope", null],
    ["an empty object", "{}", null],
    ["no event", body("", transaction()), null],
    [
      "charge.success without a readable transaction",
      body("charge.success", { id: 1, reference: "r" }),
      null,
    ],
    ["charge.success with a fractional amount", body("charge.success", transaction({ amount: 1.5 })), null],
  ])("%s", (_what, raw, answered) => {
    expect(webhookEventOf(raw)).toEqual(answered);
  });
});
