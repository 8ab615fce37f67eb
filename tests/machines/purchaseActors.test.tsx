import { describe, expect, it, vi } from "vitest";
import { createActor, toPromise } from "xstate";
import type { PurchaseInput } from "../../machines/purchaseMachine";
import type { PurchaseOrder } from "../../schemas/purchases";
import { purchaseActors } from "../../src/actors/purchaseActors";
import { ApiFailure } from "../../src/api/client";
import { catalogues, choices, jambChoice, jambProfileId, purchaseResult } from "../support/purchaseFixtures";
import { fakeCustomer, testRequestId } from "../support/renderApp";
import { status } from "../support/transactionFixtures";

/** What every purchase adds to its order at the last step. */
const confirm = { pin: "2580", requestId: testRequestId, allowDuplicate: false };
const sent = { pin: "2580", request_id: testRequestId };

describe("purchaseActors", () => {
  it("loads each wizard's catalogue tagged with its kind", async () => {
    const { airtime, data, tv, electricity, exam_pin } = catalogues;
    const customer = fakeCustomer({
      airtimeControls: async () => airtime.controls,
      dataNetworks: async () => data.networks,
      dataPlans: async (network) => data.plans.filter((p) => p.control_id === network),
      tvProviders: async () => tv.providers,
      tvPlans: async (provider) => tv.plans.filter((p) => p.control_id === provider),
      discos: async () => electricity.discos,
      examPins: async () => exam_pin.products,
      status: async () => status(),
    });
    const load = (product: keyof typeof catalogues) =>
      toPromise(createActor(purchaseActors(customer, product).loadCatalogue).start());
    expect(await load("airtime")).toEqual(airtime);
    // Plans of enabled networks and providers only: the fixtures' disabled ones have none anyway.
    expect(await load("data")).toEqual(data);
    expect(await load("tv")).toEqual(tv);
    expect(await load("electricity")).toEqual(electricity);
    expect(await load("exam_pin")).toEqual(exam_pin);
  });

  it("loads no catalogue while emergency mode is on, but the pause with the admin's words", async () => {
    const customer = fakeCustomer({
      airtimeControls: async () => catalogues.airtime.controls,
      status: async () => status({ enabled: true, message: "Back at 6pm." }),
    });
    await expect(
      toPromise(createActor(purchaseActors(customer, "airtime").loadCatalogue).start()),
    ).rejects.toEqual({ salesPaused: "Back at 6pm." });
  });

  it("turns emergency mode's refusal of a purchase into the pause, and leaves other 503s as errors", async () => {
    const paused = new ApiFailure(503, "Back at 6pm.", { code: "sales_paused" });
    const unavailable = new ApiFailure(503, "MTN airtime is not available right now.", {
      code: "product_unavailable",
    });
    const buyAirtime = vi.fn().mockRejectedValueOnce(paused).mockRejectedValueOnce(unavailable);
    const submit = () =>
      toPromise(
        createActor(purchaseActors(fakeCustomer({ buyAirtime }), "airtime").submitPurchase, {
          input: { kind: "airtime", order: choices.airtime.order, ...confirm },
        }).start(),
      );
    await expect(submit()).rejects.toEqual({ salesPaused: "Back at 6pm." });
    await expect(submit()).rejects.toBe(unavailable);
  });

  it("turns a possible_duplicate refusal into the duplicate warning, and any other 409 into an error", async () => {
    const duplicate = new ApiFailure(409, "You bought the same thing less than 30 seconds ago.", {
      code: "possible_duplicate",
      data: { duplicate_of: "OJP-123456" },
    });
    const inProgress = new ApiFailure(409, "This request is still being processed.", {
      code: "request_in_progress",
      data: { duplicate_of: "OJP-123456" },
    });
    const buyAirtime = vi.fn().mockRejectedValueOnce(duplicate).mockRejectedValueOnce(inProgress);
    const customer = fakeCustomer({ buyAirtime });
    const submit = () =>
      toPromise(
        createActor(purchaseActors(customer, "airtime").submitPurchase, {
          input: { kind: "airtime", order: choices.airtime.order, ...confirm },
        }).start(),
      );
    await expect(submit()).rejects.toEqual({
      duplicateOf: "OJP-123456",
      message: "You bought the same thing less than 30 seconds ago.",
    });
    await expect(submit()).rejects.toBe(inProgress);
  });

  it("sends each kind's order to its own endpoint with the PIN and request id", async () => {
    const buyAirtime = vi.fn(async () => purchaseResult("airtime", "successful"));
    const buyData = vi.fn(async () => purchaseResult("data", "successful"));
    const buyTv = vi.fn(async () => purchaseResult("tv", "pending"));
    const buyElectricity = vi.fn(async () => purchaseResult("electricity", "failed"));
    const buyExamPins = vi.fn(async () => purchaseResult("exam_pin", "successful"));
    const customer = fakeCustomer({ buyAirtime, buyData, buyTv, buyElectricity, buyExamPins });
    const submit = (input: PurchaseInput) =>
      toPromise(createActor(purchaseActors(customer, "airtime").submitPurchase, { input }).start());

    await submit({ kind: "airtime", order: choices.airtime.order, ...confirm });
    await submit({ kind: "data", order: choices.data.order, ...confirm });
    await submit({ kind: "tv", order: choices.tv.order, ...confirm });
    expect(
      await submit({
        kind: "electricity",
        order: choices.electricity.order,
        ...confirm,
        allowDuplicate: true,
      }),
    ).toEqual(purchaseResult("electricity", "failed"));
    await submit({ kind: "exam_pin", order: choices.exam_pin.order, ...confirm });
    await submit({ kind: "exam_pin", order: jambChoice.order, ...confirm });

    expect(buyAirtime).toHaveBeenCalledWith({ ...choices.airtime.order, ...sent });
    expect(buyData).toHaveBeenCalledWith({ ...choices.data.order, ...sent });
    expect(buyTv).toHaveBeenCalledWith({ ...choices.tv.order, ...sent });
    expect(buyElectricity).toHaveBeenCalledWith({
      ...choices.electricity.order,
      ...sent,
      allow_duplicate: true,
    });
    expect(buyExamPins).toHaveBeenNthCalledWith(1, {
      product: 1,
      quantity: 3,
      phone: "08031234567",
      ...sent,
    });
    expect(buyExamPins).toHaveBeenNthCalledWith(2, {
      product: 5,
      quantity: 1,
      phone: "08031234567",
      profile_id: jambProfileId,
      ...sent,
    });
  });

  it("checks a smartcard, a meter or a JAMB candidate and says what the provider found, a bouquet's price in naira", async () => {
    const verifySmartcard = vi.fn(async () => ({
      customer_name: "HAUWA OKONKWO",
      current_plan: "DStv Compact Plus",
      current_plan_price: 3_000_000,
      due_date: "2026-03-20",
    }));
    const verifyMeter = vi.fn(async () => ({
      customer_name: "EMEKA BELLO",
      address: "12 Allen Avenue, Ikeja, Lagos",
    }));
    const verifyExamCandidate = vi.fn(async () => ({ customer_name: "ADAEZE NWOSU" }));
    const actors = purchaseActors(fakeCustomer({ verifySmartcard, verifyMeter, verifyExamCandidate }), "tv");
    const verify = (input: PurchaseOrder) =>
      toPromise(createActor(actors.verifyRecipient, { input }).start());

    expect(await verify({ kind: "tv", order: choices.tv.order })).toEqual({
      customer_name: "HAUWA OKONKWO",
      details: [
        ["Current bouquet", "DStv Compact Plus, ₦30,000"],
        ["Due date", "Mar 20, 2026"],
      ],
    });
    expect(verifySmartcard).toHaveBeenCalledWith({ provider_id: 1, smartcard: "7023456789" });

    expect(await verify({ kind: "electricity", order: choices.electricity.order })).toEqual({
      customer_name: "EMEKA BELLO",
      details: [["Address", "12 Allen Avenue, Ikeja, Lagos"]],
    });
    expect(verifyMeter).toHaveBeenCalledWith({
      disco_id: 6,
      meter_number: "45071234567",
      meter_type: "prepaid",
    });

    expect(await verify({ kind: "exam_pin", order: jambChoice.order })).toEqual({
      customer_name: "ADAEZE NWOSU",
      details: [["JAMB profile ID", jambProfileId]],
    });
    expect(verifyExamCandidate).toHaveBeenCalledWith({ product: 5, profile_id: jambProfileId });

    await expect(verify({ kind: "airtime", order: choices.airtime.order })).rejects.toThrow(
      "airtime has nothing to verify",
    );
    // A result checker has no candidate: the wizard never asks, and the actor would not either.
    await expect(verify({ kind: "exam_pin", order: choices.exam_pin.order })).rejects.toThrow(
      "exam_pin has nothing to verify",
    );
    expect(verifyExamCandidate).toHaveBeenCalledTimes(1);
  });
});
