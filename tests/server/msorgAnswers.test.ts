import { describe, expect, it } from "vitest";
import { classifyReply, type MsorgQuestion } from "../../server/outside/msorg/msorgAnswers";
import type { OutsideReply } from "../../server/outside/outsideHttp";
import type { ProviderOrder, ProviderResult } from "../../server/outside/provider";

/**
 * The SME-data vendors' answers, row by row (docs/PROVIDERS.md, "The SME-data vendors"): what a
 * reply to a purchase or a requery means for the customer's money. The note always carries the
 * vendor's own words, after its name.
 */
const label = "Husmodata";
const json = (httpStatus: number, body: unknown): OutsideReply => ({ httpStatus, json: body, isJson: true });
const notJson = (httpStatus: number): OutsideReply => ({ httpStatus, json: undefined, isJson: false });

const airtime: ProviderOrder = { service: "airtime", serviceId: "1", phone: "08031234567", amount: 20_000 };
const data: ProviderOrder = {
  service: "data",
  serviceId: "1",
  variationCode: "8",
  planId: 41,
  phone: "08031234567",
  amount: 23_500,
};
const tv: ProviderOrder = {
  service: "tv",
  serviceId: "2",
  variationCode: "6",
  planId: 7,
  smartcard: "7023456789",
  phone: "08031234567",
  subscriptionType: "change",
  amount: 440_000,
};
const prepaid: ProviderOrder = {
  service: "electricity",
  serviceId: "1",
  meterNumber: "45071234567",
  meterType: "prepaid",
  amount: 100_000,
  phone: "08031234567",
};

const topupRecord = (fields: Record<string, unknown>) => ({
  id: 76,
  ident: "20261127101500abc",
  network: 1,
  mobile_number: "08031234567",
  amount: "200",
  paid_amount: "196.0",
  plan_amount: "N200",
  Status: "successful",
  api_response: "TRANSACTION SUCCESSFUL",
  create_date: "2026-11-27T10:15:00.123456",
  ...fields,
});
const dataRecord = (fields: Record<string, unknown>) => ({
  id: 137538,
  network: 1,
  mobile_number: "08031234567",
  plan: 8,
  plan_name: "1.0GB",
  plan_amount: "₦235.0",
  Status: "successful",
  api_response: "You have successfully shared 1GB Data to 2348031234567.",
  ...fields,
});
const meterRecord = (fields: Record<string, unknown>) => ({
  id: 24,
  disco_name: 1,
  meter_number: "45071234567",
  amount: "1000",
  MeterType: 1,
  Status: "successful",
  api_response: "TRANSACTION SUCCESSFUL",
  ...fields,
});

const buy: MsorgQuestion = { kind: "buy" };
const requery = (id?: string): MsorgQuestion => ({ kind: "requery", ...(id !== undefined && { id }) });

/** A result as the table expects it; the note is checked apart. */
type Expected = ProviderResult extends infer R ? (R extends unknown ? Omit<R, "note"> : never) : never;

type Row = [
  what: string,
  reply: OutsideReply,
  order: ProviderOrder,
  question: MsorgQuestion,
  expected: Expected,
  inNote: string,
];

/** A row of the table: an airtime purchase unless it names another order, a purchase unless it names a requery. */
const row = (
  what: string,
  reply: OutsideReply,
  expected: Expected,
  inNote: string,
  order: ProviderOrder = airtime,
  question: MsorgQuestion = buy,
): Row => [what, reply, order, question, expected, inNote];

/** The results the rows expect, named once. */
const successful76: Expected = { status: "successful", providerReference: "76" };
const pending76: Expected = { status: "pending", providerReference: "76" };
const pending: Expected = { status: "pending" };
const mismatch: Expected = { status: "pending", alert: "mismatch" };
const failed76: Expected = {
  status: "failed",
  providerReference: "76",
  reason: "The provider could not complete this purchase.",
  safeToFailOver: true,
};
const refused: Expected = {
  status: "failed",
  reason: "The provider refused this purchase.",
  safeToFailOver: true,
};
const unavailable = (alert: "low_balance" | "account"): Expected => ({
  status: "failed",
  reason: "This service is not available right now.",
  safeToFailOver: true,
  alert,
});

const rows: Row[] = [
  // A record, its Status read
  row("201 successful airtime", json(201, topupRecord({})), successful76, "TRANSACTION SUCCESSFUL"),
  row("200 successful, id as text", json(200, topupRecord({ id: "76" })), successful76, "successful"),
  row("Status in capitals", json(200, topupRecord({ Status: "SUCCESSFUL" })), successful76, "successful"),
  row(
    "lower-case status key",
    json(200, topupRecord({ Status: undefined, status: "successful" })),
    successful76,
    "76",
  ),
  row(
    "amount as a number, number as 234…",
    json(201, topupRecord({ amount: 200, mobile_number: "2348031234567" })),
    successful76,
    "76",
  ),
  row(
    "data by plan, whatever the vendor's price",
    json(201, dataRecord({ plan_amount: "₦240.0" })),
    { status: "successful", providerReference: "137538" },
    "shared 1GB",
    data,
  ),
  row(
    "failed record",
    json(201, topupRecord({ Status: "failed", api_response: "Network busy" })),
    failed76,
    "Network busy",
  ),
  row(
    "failed record on requery",
    json(200, topupRecord({ Status: "failed" })),
    failed76,
    "failed",
    airtime,
    requery("76"),
  ),
  row("processing record", json(201, topupRecord({ Status: "processing" })), pending76, "processing"),
  row("pending record", json(201, topupRecord({ Status: "pending" })), pending76, "pending"),
  row("a Status nobody documented", json(201, topupRecord({ Status: "reversing" })), pending76, "reversing"),
  // Electricity's token, wherever the vendor puts it
  row(
    "token field with prefix and groups",
    json(201, meterRecord({ token: "Token : 2636 2054 4059 8275 7802", units: "79.9 kWh" })),
    { status: "successful", providerReference: "24", token: "26362054405982757802", units: "79.9 kWh" },
    "24",
    prepaid,
  ),
  row(
    "token only inside api_response",
    json(
      201,
      meterRecord({ api_response: "Payment successful. Token: 4216-7329-4244-9326-7093 Units: 4.5" }),
    ),
    { status: "successful", providerReference: "24", token: "42167329424493267093" },
    "Token: 4216",
    prepaid,
  ),
  row(
    "meter written as meter_no",
    json(
      201,
      meterRecord({ meter_number: undefined, meter_no: "45071234567", token: "12345678901234567890" }),
    ),
    { status: "successful", providerReference: "24", token: "12345678901234567890" },
    "24",
    prepaid,
  ),
  // Refusals before any record: safe to send elsewhere
  row("400 error list", json(400, { error: ["Invalid mobile number"] }), refused, "Invalid mobile number"),
  row(
    "400 words in message",
    json(400, { message: "Plan not available" }),
    refused,
    "Plan not available",
    data,
  ),
  row(
    "400 insufficient balance",
    json(400, { error: ["insufficient balance, your current balance ₦433.0 "] }),
    unavailable("low_balance"),
    "insufficient balance",
  ),
  row("401 invalid token", json(401, { detail: "Invalid token." }), unavailable("account"), "Invalid token."),
  row(
    "400 saying invalid token",
    json(400, { detail: "Invalid token." }),
    unavailable("account"),
    "Invalid token.",
    tv,
  ),
  row(
    "400 with field errors",
    json(400, { mobile_number: ["This field is required."] }),
    refused,
    "This field is required.",
  ),
  // On a requery a refusal is about the request, not the purchase
  row("requery: 400", json(400, { error: ["Invalid id"] }), pending, "Invalid id", airtime, requery("76")),
  row(
    "requery: 401",
    json(401, { detail: "Invalid token." }),
    { status: "pending", alert: "account" },
    "Invalid token.",
    airtime,
    requery("76"),
  ),
  row("requery: 404", json(404, { detail: "Not found." }), pending, "Not found.", airtime, requery("76")),
  // Anything else is unknown: pending, never failed
  row("400 that has a record id", json(400, topupRecord({ Status: "failed" })), pending, "HTTP 400"),
  row(
    "403",
    json(403, { detail: "You do not have permission to perform this action." }),
    pending,
    "permission",
  ),
  row("500 JSON", json(500, { error: ["Server error"] }), pending, "Server error"),
  row("502 not JSON", notJson(502), pending, "not JSON"),
  row("200 not JSON", notJson(200), pending, "not JSON"),
  row("200 without id", json(200, { Status: "successful" }), pending, "successful"),
  row("200 without Status", json(200, { id: 76, mobile_number: "08031234567" }), pending, "HTTP 200"),
  row("200 an array", json(200, [topupRecord({})]), pending, "HTTP 200"),
  row("200 null", json(200, null), pending, "HTTP 200"),
  // A record that is not about this purchase: never taken for it
  row("another phone", json(201, topupRecord({ mobile_number: "08039999999" })), mismatch, "another number"),
  row("another amount", json(201, topupRecord({ amount: "500" })), mismatch, "another amount"),
  row("another data plan", json(201, dataRecord({ plan: 9 })), mismatch, "another plan", data),
  row(
    "another smartcard",
    json(201, { id: 5, smart_card_number: "7020000000", cableplan: 6, Status: "successful" }),
    mismatch,
    "another number",
    tv,
  ),
  row(
    "another bouquet",
    json(201, { id: 5, smart_card_number: "7023456789", cableplan: 9, Status: "successful" }),
    mismatch,
    "another plan",
    tv,
  ),
  row(
    "another meter",
    json(201, meterRecord({ meter_number: "45070000000" })),
    mismatch,
    "another number",
    prepaid,
  ),
  row(
    "another electricity amount",
    json(201, meterRecord({ amount: 2000 })),
    mismatch,
    "another amount",
    prepaid,
  ),
  row(
    "failed record of another phone",
    json(201, topupRecord({ mobile_number: "08039999999", Status: "failed" })),
    mismatch,
    "another number",
  ),
  row(
    "requery answered with another id",
    json(200, topupRecord({ id: 77 })),
    mismatch,
    "another record",
    airtime,
    requery("76"),
  ),
  row("requery, the id asked", json(200, topupRecord({})), successful76, "76", airtime, requery("76")),
];

describe("an SME-data vendor's answer", () => {
  it.each(rows)("%s", (_what, reply, order, question, expected, inNote) => {
    const { note, ...result } = classifyReply(reply, order, label, question);
    expect(result).toEqual(expected);
    expect(note).toMatch(/^Husmodata: /);
    expect(note).toContain(inNote);
    expect(note?.length).toBeLessThan(260);
  });

  it("keeps a long answer's words brief", () => {
    const long = "x".repeat(5_000);
    const { note } = classifyReply(json(400, { error: [long] }), airtime, label, buy);
    expect(note?.length).toBeLessThan(260);
  });
});
