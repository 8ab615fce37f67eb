import { describe, expect, it } from "vitest";
import type { OutsideReply } from "../../server/outside/outsideHttp";
import type { ProviderResult } from "../../server/outside/provider";
import { readKcts } from "../../server/outside/vtpass/electricityToken";
import { classifyPayAnswer, classifyRequeryAnswer } from "../../server/outside/vtpass/vtpassAnswers";

/**
 * VTpass's answers, row by row, as docs/PROVIDERS.md's code table reads them: each reply as VTpass
 * sends it, and what a `pay` and a `requery` make of it. Pure: no server, no database.
 */
const answer = (body: unknown, httpStatus = 200): OutsideReply => ({ httpStatus, json: body, isJson: true });
const notJson = (httpStatus: number): OutsideReply => ({ httpStatus, json: undefined, isJson: false });
const coded = (code: string | number, words = "SOME DESCRIPTION") =>
  answer({ code, response_description: words, content: { errors: [] } });
const processed = (status: unknown, extra: Record<string, unknown> = {}) =>
  answer({
    code: "000",
    response_description: "TRANSACTION SUCCESSFUL",
    requestId: "202603021000K3M9QXZ7A2B4",
    content: {
      transactions: { status, transactionId: "17415990112345678", product_name: "MTN Airtime VTU" },
    },
    ...extra,
  });

/** What the classifier answers, without its note (read in the rows of its own below). */
const outcome = ({ note: _note, ...rest }: ProviderResult) => rest;

const pending = { status: "pending" } as const;
const failed = (reason: string) => ({ status: "failed", reason }) as const;
/** A failure on pay that proves VTpass kept nothing: the purchase may go to another provider. */
const movable = (reason: string) => ({ ...failed(reason), safeToFailOver: true }) as const;
const reversed = { status: "reversed", reason: "The provider reversed this purchase." } as const;
const ref = { providerReference: "17415990112345678" } as const;

const refusedDetails = "The provider refused the purchase's details.";
const notProcessed = "The provider did not process this purchase.";
const couldNotComplete = "The provider could not complete this purchase.";
const unavailableForNow = "This service is not available right now.";

type Row = [what: string, reply: OutsideReply, onPay: object, onRequery: object];

/** Codes that say the purchase did not happen: failed on `pay`; on `requery` only 016 and 091 do. */
const definiteFailures: Row[] = [
  [
    "010 (variation no longer sold)",
    coded("010"),
    movable("The provider no longer sells this plan."),
    pending,
  ],
  ["011 (invalid arguments)", coded("011"), movable(refusedDetails), pending],
  [
    "012 (product does not exist)",
    coded("012"),
    movable("The provider does not offer this product."),
    pending,
  ],
  ["013 (below the minimum)", coded("013"), movable("The amount is below the provider's smallest."), pending],
  ["016 (transaction failed)", coded("016"), movable(couldNotComplete), failed(couldNotComplete)],
  ["017 (above the maximum)", coded("017"), movable("The amount is above the provider's largest."), pending],
  ["025 (bank details refused)", coded("025"), movable(refusedDetails), pending],
  ["026 (bank details refused)", coded("026"), movable(refusedDetails), pending],
  [
    "030 (biller unreachable)",
    coded("030"),
    movable("The provider cannot reach the biller right now."),
    pending,
  ],
  [
    "031 (below the minimum quantity)",
    coded("031"),
    failed("The quantity is below the provider's smallest."),
    pending,
  ],
  [
    "032 (above the maximum quantity)",
    coded("032"),
    failed("The quantity is above the provider's largest."),
    pending,
  ],
  [
    "034 (service suspended)",
    coded("034"),
    movable("The provider has suspended this service for now."),
    pending,
  ],
  [
    "035 (service inactive)",
    coded("035"),
    movable("This service is not active at the provider right now."),
    pending,
  ],
  ["091 (not processed, not charged)", coded("091"), failed(notProcessed), failed(notProcessed)],
];

/** Codes about the business's own VTpass account: staff must act; a requery says nothing of the purchase. */
const accountTrouble: Row[] = [
  [
    "018 (our VTpass wallet too low)",
    coded("018"),
    { ...movable(unavailableForNow), alert: "low_balance" },
    pending,
  ],
  ...["021", "022", "023", "024", "027", "028", "087"].map(
    (code): Row => [
      `${code} (account locked, suspended, not enabled, not whitelisted or bad keys)`,
      coded(code),
      { ...movable(unavailableForNow), alert: "account" },
      { ...pending, alert: "account" },
    ],
  ),
];

/** `000` carries the real state in content.transactions.status, on pay and requery alike. */
const byTransactionStatus: Row[] = [
  [
    "000 delivered",
    processed("delivered"),
    { status: "successful", ...ref },
    { status: "successful", ...ref },
  ],
  [
    "000 Delivered (any case)",
    processed("Delivered"),
    { status: "successful", ...ref },
    { status: "successful", ...ref },
  ],
  [
    "000 successful",
    processed("successful"),
    { status: "successful", ...ref },
    { status: "successful", ...ref },
  ],
  ["000 success", processed("success"), { status: "successful", ...ref }, { status: "successful", ...ref }],
  ["000 initiated", processed("initiated"), { ...pending, ...ref }, { ...pending, ...ref }],
  ["000 pending", processed("pending"), { ...pending, ...ref }, { ...pending, ...ref }],
  ["000 processing", processed("processing"), { ...pending, ...ref }, { ...pending, ...ref }],
  ["000 resolved", processed("resolved"), { ...pending, ...ref }, { ...pending, ...ref }],
  [
    "000 with a status never seen",
    processed("queued-for-review"),
    { ...pending, ...ref },
    { ...pending, ...ref },
  ],
  ["000 with no status", processed(undefined), { ...pending, ...ref }, { ...pending, ...ref }],
  ["000 with a status that is not text", processed(7), { ...pending, ...ref }, { ...pending, ...ref }],
  [
    "000 failed",
    processed("failed"),
    { ...movable(couldNotComplete), ...ref },
    { ...movable(couldNotComplete), ...ref },
  ],
  ["000 reversed", processed("reversed"), { ...reversed, ...ref }, { ...reversed, ...ref }],
  [
    "000 delivered with an electricity token and units",
    processed("delivered", { purchased_code: "Token : 4216 7329 4244 9326 7093", units: "79.9" }),
    { status: "successful", ...ref, token: "42167329424493267093", units: "79.9 kWh" },
    { status: "successful", ...ref, token: "42167329424493267093", units: "79.9 kWh" },
  ],
  [
    "000 delivered with the token as mainToken",
    processed("delivered", { mainToken: "42167329424493267093", mainTokenUnits: "12.5 kWh" }),
    { status: "successful", ...ref, token: "42167329424493267093", units: "12.5 kWh" },
    { status: "successful", ...ref, token: "42167329424493267093", units: "12.5 kWh" },
  ],
  [
    "0 as a number, read as 000",
    answer({ code: 0, content: { transactions: { status: "delivered", transactionId: 1741599011 } } }),
    { status: "successful", providerReference: "1741599011" },
    { status: "successful", providerReference: "1741599011" },
  ],
];

/** Everything unclear is pending: never refunded on these, requeried until a definite answer. */
const unclear: Row[] = [
  ["040 (reversal)", coded("040"), reversed, reversed],
  ["099 (processing)", coded("099"), pending, pending],
  ["089 (processing)", coded("089"), pending, pending],
  ["014 (request id reused)", coded("014"), pending, pending],
  ["019 (likely a duplicate)", coded("019"), pending, pending],
  ["083 (system error)", coded("083"), pending, pending],
  ["085 (request id without today's date)", coded("085"), pending, pending],
  ["044", coded("044"), pending, pending],
  ["a code never seen", coded("777"), pending, pending],
  [
    "015 (VTpass never received the id): only a requery reads it",
    coded("015"),
    pending,
    { ...pending, unknownRequest: true },
  ],
  ["16 as a number, read as 016", coded(16), movable(couldNotComplete), failed(couldNotComplete)],
  ["no code", answer({ response_description: "TRANSACTION SUCCESSFUL" }), pending, pending],
  ["a code that is not text", answer({ code: { value: "000" } }), pending, pending],
  ["JSON that is not an object", answer([{ code: "016" }]), pending, pending],
  ["JSON null", answer(null), pending, pending],
  ["HTTP 500 with a body that is not JSON", notJson(500), pending, pending],
  ["HTTP 200 with a body that is not JSON", notJson(200), pending, pending],
  [
    "a failure code under HTTP 400",
    answer({ code: "016" }, 400),
    movable(couldNotComplete),
    failed(couldNotComplete),
  ],
];

describe.each([
  ["every code that says the purchase failed", definiteFailures],
  ["every code about our own VTpass account", accountTrouble],
  ["000, by the transaction's own status", byTransactionStatus],
  ["reversals and every unclear answer", unclear],
])("VTpass's answers: %s", (_group, rows) => {
  it.each(rows)("%s", (_what, reply, onPay, onRequery) => {
    expect(outcome(classifyPayAnswer(reply))).toEqual(onPay);
    expect(outcome(classifyRequeryAnswer(reply))).toEqual(onRequery);
  });
});

describe("the note kept with each answer, for the log and staff", () => {
  it.each([
    ["a coded answer", processed("delivered"), "VTpass 000 TRANSACTION SUCCESSFUL (MTN Airtime VTU)"],
    ["a code without words", answer({ code: "099" }), "VTpass 099"],
    ["no code", answer({ response_description: "HELLO" }), "VTpass (no code) HELLO"],
    ["a body that is not JSON", notJson(502), "VTpass answered HTTP 502 with a body that is not JSON."],
  ])("%s", (_what, reply, note) => {
    expect(classifyPayAnswer(reply).note).toBe(note);
    expect(classifyRequeryAnswer(reply).note).toBe(note);
  });
});

describe("a record about another purchase", () => {
  const asked = { requestId: "202611271200ABCDEFGHIJKL", recipient: "08031234567" };
  const record = (requestId: string, number: string, status = "delivered") =>
    answer({
      code: "000",
      requestId,
      content: { transactions: { status, transactionId: "17415990112345678", unique_element: number } },
    });

  it.each([
    [
      "another request id",
      record("202611271200ZZZZZZZZZZZZ", asked.recipient),
      "request 202611271200ZZZZZZZZZZZZ",
    ],
    ["another number", record(asked.requestId, "08099999999"), "number 08099999999"],
    ["another number, failed", record(asked.requestId, "08099999999", "failed"), "number 08099999999"],
  ])("is pending with a staff alert, never this purchase's outcome: %s", (_, reply, about) => {
    for (const classify of [classifyPayAnswer, classifyRequeryAnswer]) {
      expect(classify(reply, asked)).toMatchObject({
        status: "pending",
        alert: "mismatch",
        note: expect.stringContaining(`the record is about ${about}`),
      });
    }
  });

  it("is this purchase's answer when it names its request id and number", () => {
    expect(classifyPayAnswer(record(asked.requestId, asked.recipient), asked)).toMatchObject({
      status: "successful",
    });
  });
});

describe("a meter's key change tokens (issue 38)", () => {
  const kct1 = "11112222333344445555";
  const kct2 = "66667777888899990000";
  it("reads KCT1 and KCT2 from their fields or from the token's text, and never one alone", () => {
    expect(readKcts({ KCT1: kct1, KCT2: kct2 }, "")).toEqual([kct1, kct2]);
    expect(
      readKcts(
        {},
        `Token : 1234 5678 9012 3456 7890 KCT1 : ${kct1} KCT2: ${kct2.replace(/(\d{4})/g, "$1 ")}`,
      ),
    ).toEqual([kct1, kct2]);
    expect(readKcts({ kct1: kct1 }, "")).toBeUndefined();
    expect(readKcts({ KCT1: "123", KCT2: "456" }, "")).toBeUndefined();
  });
});
