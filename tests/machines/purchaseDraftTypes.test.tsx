/**
 * The wizard's drafts and orders are typed from the purchase bodies, one kind at a time. The
 * `@ts-expect-error` lines are the test the type check runs (`tsc` fails if one of them stops being an
 * error); the assertions show the server's own schemas refuse the same values at run time.
 */
import { describe, expect, it } from "vitest";
import type { Choice, PurchaseInput } from "../../machines/purchaseMachine";
import { examPinPurchaseBody } from "../../schemas/examPins";
import {
  airtimePurchaseBody,
  dataPurchaseBody,
  electricityBuyBody,
  type PurchaseDraft,
  type PurchaseOrder,
  tvBuyBody,
} from "../../schemas/purchases";
import { rechargePinPurchaseBody } from "../../schemas/rechargePins";
import { choices, jambChoice } from "../support/purchaseFixtures";
import { testRequestId } from "../support/renderApp";

const confirmation = { pin: "2580", request_id: testRequestId };
const phone = "08031234567";

describe("a purchase's draft and order, typed by its kind", () => {
  it("takes each kind's own order, which the server's body for that kind accepts", () => {
    const orders: PurchaseOrder[] = [...Object.values(choices), jambChoice];
    const body = (purchase: PurchaseOrder) => {
      switch (purchase.kind) {
        case "airtime":
          return airtimePurchaseBody.safeParse({ ...purchase.order, ...confirmation });
        case "data":
          return dataPurchaseBody.safeParse({ ...purchase.order, ...confirmation });
        case "tv":
          return tvBuyBody.safeParse({ action: "buy", ...purchase.order, ...confirmation });
        case "electricity":
          return electricityBuyBody.safeParse({ action: "buy", ...purchase.order, ...confirmation });
        case "exam_pin":
          return examPinPurchaseBody.safeParse({ ...purchase.order, ...confirmation });
        case "recharge_pin":
          return rechargePinPurchaseBody.safeParse({ ...purchase.order, ...confirmation });
      }
    };
    expect(orders.map((purchase) => [purchase.kind, body(purchase).success])).toEqual([
      ["airtime", true],
      ["data", true],
      ["tv", true],
      ["electricity", true],
      ["exam_pin", true],
      ["recharge_pin", true],
      ["exam_pin", true],
    ]);
  });

  it("refuses a data purchase without a plan, as the server does", () => {
    // @ts-expect-error: a data order names its plan
    const order: PurchaseOrder = { kind: "data", order: { phone } };
    expect(dataPurchaseBody.safeParse({ ...order.order, ...confirmation }).success).toBe(false);

    const request: PurchaseInput = {
      kind: "data",
      // @ts-expect-error: what buying sends is typed the same way
      order: { phone },
      pin: confirmation.pin,
      requestId: testRequestId,
      allowDuplicate: false,
    };
    expect(dataPurchaseBody.safeParse({ ...request.order, ...confirmation }).success).toBe(false);
  });

  it("refuses an airtime draft with a meter number, as the server refuses such an order", () => {
    const airtime = { phone, network_id: 1, amount: 100_000 };
    const draft: PurchaseDraft = {
      kind: "airtime",
      // @ts-expect-error: a meter number belongs to electricity
      draft: { ...airtime, meter_number: "45071234567" },
      order: airtime,
    };
    expect(airtimePurchaseBody.safeParse({ ...draft.draft, ...confirmation }).success).toBe(false);
  });

  it("refuses one kind's order under another kind's name", () => {
    // @ts-expect-error: a smartcard order is not an electricity order
    const choice: Choice = { ...choices.tv, kind: "electricity" };
    expect(electricityBuyBody.safeParse({ action: "buy", ...choice.order, ...confirmation }).success).toBe(
      false,
    );
  });
});
