import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idleConnectionMs } from "../../server/outside/outsideHttp";
import type { ProviderOrder, ProviderResult, SentAttempt } from "../../server/outside/provider";
import { ProviderRefused, VerificationRefused } from "../../server/outside/provider";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import {
  createVtpassSimulator,
  type VtpassSimulator,
} from "../../server/outside/vtpass/simulator/vtpassSimulator";
import { createVtpassProvider } from "../../server/outside/vtpass/vtpassProvider";
import { serveOnLoopback } from "./support/loopbackSimulator";
import { TestClock } from "./support/testClock";
import { vtpassStandIn } from "./support/vtpassStandIn";

/**
 * The VTpass adapter against the VTpass simulator over real HTTP: every code of the table in
 * docs/PROVIDERS.md, VTpass's sandbox numbers, the answer shapes, and what the network can do.
 */
const clock = new TestClock(new Date("2026-03-02T09:00:00.000Z")); // 10:00 in Lagos
let simulator: VtpassSimulator;
let close: () => Promise<void>;
let base: string;
const keys = simulatorKeys.vtpass;

beforeAll(async () => {
  simulator = createVtpassSimulator({ keys, clock, journalPath: null, latencyMs: 0, timeoutAnswerMs: 3_000 });
  const served = await serveOnLoopback(simulator);
  base = `${served.origin}api/`;
  close = served.stop;
});
afterAll(() => close());

const adapter = () => createVtpassProvider({ baseUrl: base, ...keys, timeoutMs: 10_000 });
/** What a requery is given: VTpass finds a purchase by our request id; its record must name the number. */
const sent = (requestId: string, to = "08011111111"): SentAttempt => ({
  requestId,
  providerReference: null,
  order: { service: "airtime", serviceId: "mtn", phone: to, amount: 10_000 },
  sentAt: clock.now(),
});
const within = (ms = 2_000) => AbortSignal.timeout(ms);

let counter = 0;
/** A fresh phone number for each purchase, so the simulator's outcomes do not mix. */
const phone = () => `0803${String(5_000_000 + ++counter).padStart(7, "0")}`;
const airtime = (to: string, amount = 10_000): ProviderOrder => ({
  service: "airtime",
  serviceId: "mtn",
  phone: to,
  amount,
});

async function buy(order: ProviderOrder, signal = within()) {
  const provider = adapter();
  const requestId = provider.newRequestId(clock.now());
  return { requestId, result: await provider.buy(requestId, order, signal), provider };
}

describe("the request id", () => {
  it("starts with the date and time in Lagos, is unique, and is what VTpass receives", async () => {
    const provider = adapter();
    const ids = new Set(Array.from({ length: 200 }, () => provider.newRequestId(clock.now())));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^202603021000[A-Z0-9]{12}$/);
    const { requestId } = await buy(airtime(phone()));
    expect(simulator.control.requests.at(-1)?.body).toMatchObject({
      request_id: requestId,
      serviceID: "mtn",
      amount: 100,
    });
  });

  it("is refused by VTpass on another day (085), which fails the purchase without charging", async () => {
    const provider = adapter();
    const yesterday = provider.newRequestId(new Date(clock.now().getTime() - 86_400_000));
    const result = await provider.buy(yesterday, airtime(phone()), within());
    expect(result).toMatchObject({ status: "pending" });
    expect(result.note).toContain("085");
  });
});

describe("every code of the table", () => {
  const cases: Array<[string, Partial<{ status: string }>, ProviderResult["status"], string | undefined]> = [
    ["000", { status: "delivered" }, "successful", undefined],
    ["000", { status: "initiated" }, "pending", undefined],
    ["000", { status: "pending" }, "pending", undefined],
    ["000", { status: "failed" }, "failed", undefined],
    ["000", { status: "reversed" }, "reversed", undefined],
    ["099", {}, "pending", undefined],
    ["089", {}, "pending", undefined],
    ["016", {}, "failed", undefined],
    ["010", {}, "failed", undefined],
    ["011", {}, "failed", undefined],
    ["012", {}, "failed", undefined],
    ["013", {}, "failed", undefined],
    ["017", {}, "failed", undefined],
    ["031", {}, "failed", undefined],
    ["032", {}, "failed", undefined],
    ["018", {}, "failed", "low_balance"],
    ["021", {}, "failed", "account"],
    ["022", {}, "failed", "account"],
    ["023", {}, "failed", "account"],
    ["024", {}, "failed", "account"],
    ["027", {}, "failed", "account"],
    ["028", {}, "failed", "account"],
    ["087", {}, "failed", "account"],
    ["030", {}, "failed", undefined],
    ["034", {}, "failed", undefined],
    ["035", {}, "failed", undefined],
    ["040", {}, "reversed", undefined],
    ["014", {}, "pending", undefined],
    ["019", {}, "pending", undefined],
    ["083", {}, "pending", undefined],
    ["777", {}, "pending", undefined],
  ];
  it.each(cases)("pay answering %s %j is %s", async (code, extra, status, alert) => {
    const to = phone();
    simulator.control.script(to, { code, ...extra } as Parameters<VtpassSimulator["control"]["script"]>[1]);
    const { result } = await buy(airtime(to));
    expect(result.status).toBe(status);
    expect("alert" in result ? result.alert : undefined).toBe(alert);
    expect(result.note).toContain(code);
  });

  it("never takes a code about the request, on requery, for the purchase's fate", async () => {
    const to = phone();
    simulator.control.script(to, { code: "099" });
    const { requestId, provider } = await buy(airtime(to));
    for (const code of ["087", "011", "018", "083", "999"]) {
      simulator.control.scriptRequery(requestId, { code });
      const answer = await provider.requery(sent(requestId), within());
      expect(answer.status, code).toBe("pending");
    }
    simulator.control.scriptRequery(requestId, { code: "087" });
    expect(await provider.requery(sent(requestId), within())).toMatchObject({
      status: "pending",
      alert: "account",
    });
  });

  it("knows a request id VTpass never received (015) from one it is still working on", async () => {
    const provider = adapter();
    const unknown = provider.newRequestId(clock.now());
    expect(await provider.requery(sent(unknown), within())).toMatchObject({
      status: "pending",
      unknownRequest: true,
    });
  });
});

describe("VTpass's sandbox numbers", () => {
  it("delivers to 08011111111", async () => {
    expect((await buy(airtime("08011111111"))).result).toMatchObject({ status: "successful" });
  });

  it("keeps 201000000000 pending until a requery says delivered", async () => {
    const { requestId, result, provider } = await buy(airtime("201000000000"));
    expect(result.status).toBe("pending");
    const answers = [
      await provider.requery(sent(requestId, "201000000000"), within()),
      await provider.requery(sent(requestId, "201000000000"), within()),
    ];
    expect(answers.map((a) => a.status)).toEqual(["pending", "successful"]);
  });

  it("treats 500000000000's unexpected answer (not JSON) as pending, and a requery finds it delivered", async () => {
    const { requestId, result, provider } = await buy(airtime("500000000000"));
    expect(result).toMatchObject({ status: "pending", note: expect.stringContaining("not JSON") });
    expect(await provider.requery(sent(requestId, "500000000000"), within())).toMatchObject({
      status: "successful",
    });
  });

  it("throws for 400000000000's dropped connection: the caller cannot know, so it stays pending", async () => {
    await expect(buy(airtime("400000000000"))).rejects.toThrow();
  });

  it("throws when 300000000000 answers after our time limit; a requery finds it delivered", async () => {
    const provider = adapter();
    const requestId = provider.newRequestId(clock.now());
    await expect(provider.buy(requestId, airtime("300000000000"), within(300))).rejects.toThrow();
    expect(await provider.requery(sent(requestId, "300000000000"), within())).toMatchObject({
      status: "successful",
    });
  });

  it("verifies the sandbox smartcard and meters, and refuses numbers it cannot find", async () => {
    const provider = adapter();
    const card = await provider.verifySmartcard("dstv", "1212121212", within());
    expect(card.customer_name.length).toBeGreaterThan(3);
    expect(card.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(card.renewal_amount).toBeGreaterThan(0);
    const prepaid = await provider.verifyMeter("ikeja-electric", "1111111111111", "prepaid", within());
    expect(prepaid.address.length).toBeGreaterThan(3);
    await provider.verifyMeter("ikeja-electric", "1010101010101", "postpaid", within());
    await expect(
      provider.verifyMeter("ikeja-electric", "45071234444", "prepaid", within()),
    ).rejects.toBeInstanceOf(VerificationRefused);
    await expect(provider.verifySmartcard("gotv", "7012344444", within())).rejects.toBeInstanceOf(
      VerificationRefused,
    );
  });
});

describe("answer shapes", () => {
  it("reads the price VTpass writes into a bouquet's name apart from the name, in kobo", async () => {
    // The simulator answers as VTpass does: "DStv Compact Plus N30000", the price's commas dropped.
    const card = await adapter().verifySmartcard("dstv", "1212121212", within());
    expect(card.current_plan).toMatch(/^DStv [A-Za-z ]+[a-z]$/);
    expect(card.current_plan_price).toBe(card.renewal_amount);

    const answers = ["GOtv Max N8,500", "Showmax Pro", "  DStv Padi N4400.50 "];
    const vtpass = await vtpassStandIn((response) => {
      response.writeHead(200, { "content-type": "application/json" });
      const bouquet = answers.shift();
      response.end(
        JSON.stringify({ code: "000", content: { Customer_Name: "ADA OBI", Current_Bouquet: bouquet } }),
      );
    });
    try {
      const verify = () => vtpass.provider.verifySmartcard("gotv", "7023456789", within());
      expect(await verify()).toEqual({
        customer_name: "ADA OBI",
        current_plan: "GOtv Max",
        current_plan_price: 850_000,
      });
      expect(await verify()).toEqual({ customer_name: "ADA OBI", current_plan: "Showmax Pro" });
      expect(await verify()).toMatchObject({ current_plan: "DStv Padi", current_plan_price: 440_050 });
    } finally {
      await vtpass.close();
    }
  });

  it("reads a prepaid token written with a prefix and spaces (Ikeja), and the units", async () => {
    const { result } = await buy({
      service: "electricity",
      serviceId: "ikeja-electric",
      meterNumber: "1111111111111",
      meterType: "prepaid",
      amount: 500_000,
      phone: "08031234567",
    });
    expect(result).toMatchObject({ status: "successful", units: expect.stringMatching(/kWh$/) });
    expect("token" in result && result.token).toMatch(/^\d{20}$/);
  });

  it("reads a bare mainToken (Eko), and gives a postpaid meter no token", async () => {
    const eko = await buy({
      service: "electricity",
      serviceId: "eko-electric",
      meterNumber: "45071235678",
      meterType: "prepaid",
      amount: 300_000,
      phone: "08031234567",
    });
    expect("token" in eko.result && eko.result.token).toMatch(/^\d{20}$/);
    const postpaid = await buy({
      service: "electricity",
      serviceId: "ikeja-electric",
      meterNumber: "1010101010101",
      meterType: "postpaid",
      amount: 300_000,
      phone: "08031234567",
    });
    expect(postpaid.result).toMatchObject({ status: "successful" });
    expect("token" in postpaid.result ? postpaid.result.token : undefined).toBeUndefined();
  });

  it("sends TV's subscription type and data's variation code, and reads the provider's reference", async () => {
    const tv = await buy({
      service: "tv",
      serviceId: "dstv",
      variationCode: "dstv-padi",
      planId: 1,
      smartcard: "1212121212",
      phone: "08031234567",
      subscriptionType: "change",
      amount: 440_000,
    });
    expect(tv.result).toMatchObject({
      status: "successful",
      providerReference: expect.stringMatching(/^\d+$/),
    });
    expect(simulator.control.requests.at(-1)?.body).toMatchObject({
      billersCode: "1212121212",
      variation_code: "dstv-padi",
      subscription_type: "change",
    });
    const data = await buy({
      service: "data",
      serviceId: "mtn-data",
      variationCode: "mtn-1gb-1d",
      planId: 2,
      phone: "08031234567",
      amount: 48_000,
    });
    expect(data.result.status).toBe("successful");
    const unknownPlan = await buy({
      service: "data",
      serviceId: "mtn-data",
      variationCode: "mtn-no-such-plan",
      planId: 3,
      phone: "08031234567",
      amount: 48_000,
    });
    expect(unknownPlan.result).toMatchObject({ status: "failed" });
  });

  it("lists a service's plans in kobo, and reads the merchant balance", async () => {
    const provider = adapter();
    const plans = await provider.variations("mtn-data", within());
    expect(plans).toContainEqual({ code: "mtn-1gb-1d", name: "MTN N500 1GB - 1 day", amount: 48_000 });
    simulator.control.setBalance(123_456_78);
    expect(await provider.balance(within())).toBe(123_456_78);
  });

  it("reads a reversal on requery after delivery", async () => {
    const to = phone();
    const { requestId, result, provider } = await buy(airtime(to));
    expect(result.status).toBe("successful");
    await simulator.control.reverse(requestId);
    expect(await provider.requery(sent(requestId, to), within())).toMatchObject({ status: "reversed" });
  });

  it("takes no record about another purchase for this one's answer: pending, and staff are told", async () => {
    const to = phone();
    const { requestId, result, provider } = await buy(airtime(to));
    expect(result.status).toBe("successful");
    // Asked about this request id, VTpass's record names another number.
    expect(await provider.requery(sent(requestId, "08099999999"), within())).toMatchObject({
      status: "pending",
      alert: "mismatch",
      note: expect.stringContaining("the record is about number"),
    });
  });

  it("finds the request id in VTpass's webhook, and nothing in anything else", () => {
    const provider = adapter();
    const body = JSON.stringify({
      type: "transaction-update",
      data: { requestId: "202603021000ABC", code: "000" },
    });
    expect(provider.webhookRequestId(body)).toBe("202603021000ABC");
    for (const other of ["{not json", "{}", JSON.stringify({ type: "other", data: { requestId: "x" } })]) {
      expect(provider.webhookRequestId(other)).toBeNull();
    }
  });
});

describe("the merchant account", () => {
  it("fails a purchase the merchant wallet cannot cover (018), with a low-balance alert", async () => {
    simulator.control.setBalance(1_000);
    try {
      const { result } = await buy(airtime(phone(), 50_000));
      expect(result).toMatchObject({ status: "failed", alert: "low_balance" });
    } finally {
      simulator.control.setBalance(500_000_000);
    }
  });

  it("refuses wrong keys with 087: purchases fail with an account alert, other calls throw", async () => {
    const wrong = createVtpassProvider({
      baseUrl: base,
      ...keys,
      secretKey: "SK_wrong_key_0000",
      publicKey: "PK_wrong_0000",
      timeoutMs: 10_000,
    });
    const requestId = wrong.newRequestId(clock.now());
    expect(await wrong.buy(requestId, airtime(phone()), within())).toMatchObject({
      status: "failed",
      alert: "account",
    });
    await expect(wrong.balance(within())).rejects.toBeInstanceOf(ProviderRefused);
    await expect(wrong.variations("mtn-data", within())).rejects.toBeInstanceOf(ProviderRefused);
    await expect(wrong.verifySmartcard("dstv", "1212121212", within())).rejects.toBeInstanceOf(
      ProviderRefused,
    );
  });
});

describe("the connection", () => {
  it("throws for an answer cut off in the middle of its body: nobody knows, so it stays pending", async () => {
    const vtpass = await vtpassStandIn((response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "200" });
      response.write('{"code":"000","content":{"transactions":{"status":"deli');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    try {
      const requestId = vtpass.provider.newRequestId(clock.now());
      // A time limit far past the test's own: only the cut itself can end the call in time.
      await expect(vtpass.provider.buy(requestId, airtime(phone()), within(60_000))).rejects.toThrow();
    } finally {
      await vtpass.close();
    }
  });

  it("sends one call after another over the same kept-alive connection", async () => {
    const vtpass = await vtpassStandIn((response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: 1, contents: { balance: 1234.5 } }));
    });
    try {
      for (let call = 0; call < 3; call += 1) expect(await vtpass.provider.balance(within())).toBe(123_450);
      expect(vtpass.connections()).toBe(1);
    } finally {
      await vtpass.close();
    }
  });

  it(`lets a connection go once it has been idle ${idleConnectionMs} ms, before a server would drop it mid-call`, async () => {
    const vtpass = await vtpassStandIn((response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: 1, contents: { balance: 10 } }));
    });
    try {
      await vtpass.provider.balance(within());
      await new Promise((resolve) => setTimeout(resolve, idleConnectionMs + 300));
      await vtpass.provider.balance(within());
      expect(vtpass.connections()).toBe(2);
    } finally {
      await vtpass.close();
    }
  });
});
