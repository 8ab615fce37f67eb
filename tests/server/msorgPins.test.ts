import { describe, expect, it } from "vitest";
import { classifyReply } from "../../server/outside/msorg/msorgAnswers";
import { pinsOf } from "../../server/outside/msorg/msorgPins";
import type { OutsideReply } from "../../server/outside/outsideHttp";
import type { ProviderOrder } from "../../server/outside/provider";

/**
 * `epin/` answers as the vendors write them (docs/PROVIDERS.md, "Exam PINs at the vendors"), row by
 * row: where the cards are, how several are written, and what a record means for the money.
 */
const json = (httpStatus: number, body: unknown): OutsideReply => ({ httpStatus, json: body, isJson: true });
const waec = (quantity: number): ProviderOrder => ({
  service: "exam_pin",
  serviceId: "WAEC",
  variationCode: "",
  productId: 1,
  quantity,
  phone: "08031234567",
  amount: 380_000 * quantity,
});
const record = (fields: Record<string, unknown>) => ({
  id: 9041,
  ident: "20261127101500abc",
  exam_name: "WAEC",
  quantity: 2,
  amount: "7600.0",
  Status: "successful",
  api_response: "TRANSACTION SUCCESSFUL",
  create_date: "2026-11-27T10:15:00.123456",
  ...fields,
});
const twoCards = "493817265041<=>WRN182736455\n550291837466<=>WRN182736456";
const asBought = [
  { pin: "493817265041", serial: "WRN182736455" },
  { pin: "550291837466", serial: "WRN182736456" },
];
const buy = (body: unknown, quantity = 2, status = 201) =>
  classifyReply(json(status, body), waec(quantity), "Husmodata", { kind: "buy" });

describe("where a record keeps its cards", () => {
  it.each([
    ["data_pin.pin, one a line", { data_pin: { pin: twoCards } }],
    ["data_pin.pin with Windows line ends", { data_pin: { pin: twoCards.replace("\n", "\r\n") } }],
    ["a top-level pin", { pin: twoCards }],
    ["pins joined by commas", { pins: twoCards.replace("\n", ", ") }],
    [
      "data_pin as Django's serialized rows",
      {
        data_pin: [
          { model: "api.pin", pk: 1, fields: { pin: "493817265041", serial: "WRN182736455" } },
          { model: "api.pin", pk: 2, fields: { pin: "550291837466", serial: "WRN182736456" } },
        ],
      },
    ],
  ])("reads %s", (_, fields) => {
    expect(pinsOf(record(fields))).toEqual(asBought);
  });

  it("reads one card given as {pin, serial}, and a PIN without a serial", () => {
    expect(pinsOf({ data_pin: { pin: "493817265041", serial: "WRN182736455" } })).toEqual([asBought[0]]);
    expect(pinsOf({ data_pin: { pin: "493817265041" } })).toEqual([{ pin: "493817265041", serial: null }]);
  });

  it("reads nothing from a record without cards, or with words where the cards should be", () => {
    expect(pinsOf(record({}))).toEqual([]);
    expect(pinsOf(record({ data_pin: null }))).toEqual([]);
    expect(pinsOf(record({ data_pin: { pin: "" } }))).toEqual([]);
    expect(pinsOf(record({ pin: "Not available <=> try later" }))).toEqual([]);
    expect(pinsOf("not a record")).toEqual([]);
  });
});

describe("what an epin/ answer means", () => {
  it("is successful with every card bought", () => {
    expect(buy(record({ data_pin: { pin: twoCards } }))).toMatchObject({
      status: "successful",
      providerReference: "9041",
      vouchers: asBought,
    });
  });

  it("is successful with the cards it carries when it carries fewer, and says how many (the path holds it)", () => {
    const answer = buy(record({ quantity: 3, data_pin: { pin: twoCards } }), 3);
    expect(answer).toMatchObject({ status: "successful", vouchers: asBought });
    expect(answer.note).toContain("2 of 3 PINs readable");
  });

  it("is pending while the record is processing, with no cards", () => {
    expect(buy(record({ Status: "processing" }))).toEqual({
      status: "pending",
      providerReference: "9041",
      note: "Husmodata: record 9041 processing: TRANSACTION SUCCESSFUL",
    });
  });

  it("fails on the record's own failure, safe to fail over", () => {
    expect(buy(record({ Status: "failed" }))).toMatchObject({ status: "failed", safeToFailOver: true });
  });

  it("never takes a record of another exam or quantity for the purchase", () => {
    expect(buy(record({ exam_name: "NECO", data_pin: { pin: twoCards } }))).toMatchObject({
      status: "pending",
      alert: "mismatch",
      note: expect.stringContaining("another exam (NECO)"),
    });
    expect(buy(record({ quantity: "5" }))).toMatchObject({ status: "pending", alert: "mismatch" });
  });

  it("compares exams by name in any case, and not by amount (the vendor's price moves)", () => {
    expect(buy(record({ exam_name: "waec", amount: "9999.0", data_pin: { pin: twoCards } }))).toMatchObject({
      status: "successful",
    });
  });

  it("keeps PINs written into the vendor's words out of the note", () => {
    const answer = buy(
      record({ api_response: `PINs: ${twoCards.replace("\n", " ")}`, data_pin: { pin: twoCards } }),
    );
    for (const card of asBought) {
      expect(answer.note).not.toContain(card.pin);
      expect(answer.note).not.toContain(card.serial);
    }
    const unclear = buy({ message: "done", pin: twoCards }, 2, 200);
    expect(unclear.status).toBe("pending");
    expect(unclear.note).not.toContain(asBought[0]?.pin);
  });

  it("fails a refusal before any record (an exam not sold), safe to fail over", () => {
    expect(buy({ error: ["Invalid exam name"] }, 2, 400)).toMatchObject({
      status: "failed",
      safeToFailOver: true,
      note: "Husmodata: HTTP 400 Invalid exam name",
    });
  });
});
