import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Clock } from "../../server/clock";
import {
  createVtpassSimulator,
  type VtpassSimulator,
  type VtpassSimulatorOptions,
} from "../../server/outside/vtpass/simulator/vtpassSimulator";
import { serveOnLoopback } from "./support/loopbackSimulator";

/**
 * The VTpass simulator over real HTTP, as any VTpass client sees it: keys, request ids, VTpass's
 * sandbox numbers and OjaPay's last-four triggers, answer shapes, the merchant wallet, webhooks and
 * what survives a restart.
 */

class FakeClock implements Clock {
  constructor(private current: Date) {}
  now() {
    return new Date(this.current);
  }
  set(iso: string) {
    this.current = new Date(iso);
  }
}

const keys = { apiKey: "api-key-test", publicKey: "PK_test", secretKey: "SK_test" };
const postKeys = { "api-key": keys.apiKey, "secret-key": keys.secretKey };
const getKeys = { "api-key": keys.apiKey, "public-key": keys.publicKey };
const clock = new FakeClock(new Date("2026-03-02T09:00:00.000Z")); // 10:00 in Lagos

interface Running {
  sim: VtpassSimulator;
  base: string;
  stop(): Promise<void>;
}

async function start(extra: Partial<VtpassSimulatorOptions> = {}): Promise<Running> {
  const sim = createVtpassSimulator({
    keys,
    clock,
    journalPath: null,
    latencyMs: 0,
    timeoutAnswerMs: 300,
    ...extra,
  });
  const served = await serveOnLoopback(sim);
  return { sim, base: `${served.origin}api/`, stop: served.stop };
}

let main: Running;
beforeAll(async () => {
  main = await start();
});
afterAll(() => main.stop());

const within = (ms = 2_000) => AbortSignal.timeout(ms);
let sequence = 0;
/** Today's Lagos date and time, then something unique. */
const newRequestId = (stamp = "202603021000") => `${stamp}T${String(++sequence).padStart(8, "0")}`;
let phones = 0;
const freshPhone = () => `0803${String(5_000_000 + ++phones).padStart(7, "0")}`;

// biome-ignore lint/suspicious/noExplicitAny: the tests read VTpass's JSON as it comes
type Json = Record<string, any>;

async function call(
  path: string,
  body?: unknown,
  headers: Record<string, string> = postKeys,
  base = main.base,
) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    signal: within(),
  });
  return { status: response.status, json: (await response.json()) as Json };
}
const get = (path: string, headers: Record<string, string> = getKeys, base = main.base) =>
  call(path, undefined, headers, base);

const airtime = (phone: string, amount = 100, request_id = newRequestId()) => ({
  request_id,
  serviceID: "mtn",
  amount,
  phone,
});
const pay = (body: unknown, base = main.base) => call("pay", body, postKeys, base);
/** A pay request whose answer the test reads (or gives up on) itself. */
const payUnread = (body: unknown, signal?: AbortSignal) =>
  fetch(`${main.base}pay`, {
    method: "POST",
    headers: postKeys,
    body: JSON.stringify(body),
    ...(signal && { signal }),
  });
const requery = (request_id: string, base = main.base) => call("requery", { request_id }, postKeys, base);
const statusOf = (answer: { json: Json }) => answer.json.content?.transactions?.status;

describe("keys", () => {
  it("refuses a GET without its public key, or with the secret key in its place (087, HTTP 401)", async () => {
    const wrong: Record<string, string>[] = [
      {},
      { "api-key": keys.apiKey },
      postKeys,
      { ...getKeys, "api-key": "x" },
    ];
    for (const headers of wrong) {
      const answer = await get("balance", headers);
      expect(answer).toEqual({
        status: 401,
        json: { code: "087", response_description: "INVALID CREDENTIALS" },
      });
    }
    expect((await get("balance")).status).toBe(200);
  });

  it("refuses a POST without its secret key, or with the public key in its place", async () => {
    const body = airtime(freshPhone());
    const wrong: Record<string, string>[] = [{}, getKeys, { ...postKeys, "secret-key": "SK_wrong" }];
    for (const headers of wrong) {
      const answer = await call("pay", body, headers);
      expect(answer).toEqual({
        status: 401,
        json: { code: "087", response_description: "INVALID CREDENTIALS" },
      });
    }
    expect(main.sim.control.transaction(body.request_id)).toBeUndefined();
  });
});

describe("the request id", () => {
  it("must start with today's date in Lagos (085)", async () => {
    for (const id of [
      newRequestId("202603011000"),
      "hello",
      "20260302",
      newRequestId("202603021000").replace("T", "-"),
    ]) {
      expect((await pay(airtime(freshPhone(), 100, id))).json).toEqual({
        code: "085",
        response_description: "IMPROPER REQUEST ID",
      });
    }
  });

  it("accepts yesterday's date in the first five minutes after Lagos midnight only", async () => {
    try {
      clock.set("2026-03-02T23:03:00.000Z"); // 00:03 on the 3rd in Lagos
      expect(statusOf(await pay(airtime(freshPhone(), 100, newRequestId("202603022359"))))).toBe("delivered");
      expect(statusOf(await pay(airtime(freshPhone(), 100, newRequestId("202603030003"))))).toBe("delivered");
      clock.set("2026-03-02T23:06:00.000Z");
      expect((await pay(airtime(freshPhone(), 100, newRequestId("202603022359")))).json.code).toBe("085");
    } finally {
      clock.set("2026-03-02T09:00:00.000Z");
    }
  });

  it("answers 014 for an id already used, leaving the first purchase alone", async () => {
    const first = airtime(freshPhone(), 200);
    expect(statusOf(await pay(first))).toBe("delivered");
    const balance = main.sim.control.balance();
    const again = await pay({ ...first, amount: 300, phone: freshPhone() });
    expect(again.json).toEqual({ code: "014", response_description: "REQUEST ID ALREADY EXIST" });
    expect(main.sim.control.transaction(first.request_id)).toMatchObject({
      amountKobo: 20_000,
      recipient: first.phone,
    });
    expect(main.sim.control.balance()).toBe(balance);
  });

  it("is recorded as the client sent it", async () => {
    const body = airtime(freshPhone());
    await pay(body);
    expect(main.sim.control.requests.at(-1)).toEqual({ method: "POST", path: "/api/pay", body });
  });
});

describe("pay", () => {
  it("delivers airtime, charging the merchant the amount less commission", async () => {
    const before = main.sim.control.balance();
    const body = airtime("08011111111", 100);
    const { status, json } = await pay(body);
    expect(status).toBe(200);
    expect(json).toMatchObject({
      code: "000",
      response_description: "TRANSACTION SUCCESSFUL",
      requestId: body.request_id,
      amount: 100,
      transaction_date: "2026-03-02T09:00:00.000000Z",
      purchased_code: "",
      content: {
        transactions: {
          status: "delivered",
          product_name: "MTN Airtime VTU",
          unique_element: "08011111111",
          unit_price: 100,
          quantity: 1,
          commission: 3,
          total_amount: 97,
          type: "Airtime Recharge",
          phone: "08011111111",
          amount: 100,
          transactionId: expect.stringMatching(/^\d{20,}$/),
        },
      },
    });
    expect(main.sim.control.balance()).toBe(before - 9_700);
    expect(statusOf(await requery(body.request_id))).toBe("delivered");
  });

  it("prices data at the plan's amount and TV at the bouquet's, with their commission", async () => {
    const data = await pay({
      request_id: newRequestId(),
      serviceID: "mtn-data",
      billersCode: "08031234567",
      variation_code: "mtn-1gb-1d",
      amount: 1,
      phone: "08031234567",
    });
    expect(data.json.content.transactions).toMatchObject({
      product_name: "MTN Data",
      type: "Data Services",
      amount: 480,
      commission: 0,
      total_amount: 480,
    });
    const tv = await pay({
      request_id: newRequestId(),
      serviceID: "dstv",
      billersCode: "1212121212",
      variation_code: "dstv-padi",
      subscription_type: "change",
      quantity: 1,
      phone: "08031234567",
    });
    expect(tv.json.content.transactions).toMatchObject({
      product_name: "DSTV Subscription",
      type: "TV Subscription",
      unique_element: "1212121212",
      amount: 4400,
      commission: 66,
      total_amount: 4334,
    });
    const renew = { request_id: newRequestId(), serviceID: "gotv", billersCode: "7012345678", phone: "0803" };
    expect(statusOf(await pay({ ...renew, subscription_type: "renew", amount: 3900 }))).toBe("delivered");
    expect((await pay({ ...renew, request_id: newRequestId(), amount: 3900 })).json.code).toBe("011");
  });

  it("checks the order as VTpass does (011, 012, 010, 013, 017, and 011 with HTTP 400 for a body that is not JSON)", async () => {
    const id = newRequestId;
    const cases: Array<[unknown, string]> = [
      [{ request_id: id(), serviceID: "mtn", amount: 100 }, "011"],
      [{ request_id: id(), serviceID: "smile", amount: 100, phone: "0803" }, "012"],
      [
        { request_id: id(), serviceID: "mtn-data", billersCode: "0803", variation_code: "x", phone: "0803" },
        "010",
      ],
      [{ request_id: id(), serviceID: "glo", amount: 49, phone: "0803" }, "013"],
      [{ request_id: id(), serviceID: "glo", amount: 50_001, phone: "0803" }, "017"],
      [
        {
          request_id: id(),
          serviceID: "kano-electric",
          billersCode: "1",
          variation_code: "prepaid",
          amount: 499,
          phone: "0803",
        },
        "013",
      ],
      [
        {
          request_id: id(),
          serviceID: "kano-electric",
          billersCode: "1",
          variation_code: "smart",
          amount: 900,
          phone: "0803",
        },
        "010",
      ],
      [
        {
          request_id: id(),
          serviceID: "kano-electric",
          billersCode: "1",
          variation_code: "postpaid",
          amount: 1_000_001,
          phone: "0803",
        },
        "017",
      ],
    ];
    for (const [body, code] of cases) expect((await pay(body)).json.code, JSON.stringify(body)).toBe(code);
    expect(await pay("{not json")).toEqual({
      status: 400,
      json: { code: "011", response_description: "INVALID ARGUMENTS" },
    });
  });
});

describe("VTpass's sandbox numbers", () => {
  it("keeps 201000000000 pending until its second requery", async () => {
    const body = airtime("201000000000");
    const answer = await pay(body);
    expect(answer.json).toMatchObject({
      code: "000",
      response_description: "TRANSACTION PROCESSING - PENDING",
    });
    expect(statusOf(answer)).toBe("pending");
    expect(statusOf(await requery(body.request_id))).toBe("pending");
    const second = await requery(body.request_id);
    expect(second.json).toMatchObject({ code: "000", response_description: "TRANSACTION SUCCESSFUL" });
    expect(statusOf(second)).toBe("delivered");
  });

  it("answers 500000000000 with an HTML page (HTTP 500), though the purchase went through", async () => {
    const body = airtime("500000000000");
    const response = await payUnread(body);
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("text/html");
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(statusOf(await requery(body.request_id))).toBe("delivered");
  });

  it("closes the connection on 400000000000 without a word; a requery finds it delivered", async () => {
    const body = airtime("400000000000");
    const sent = payUnread(body);
    await expect(sent).rejects.toThrow("fetch failed");
    expect(statusOf(await requery(body.request_id))).toBe("delivered");
  });

  it("answers 300000000000 only after timeoutAnswerMs", async () => {
    const body = airtime("300000000000");
    const started = Date.now();
    const late = payUnread(body);
    const impatient = airtime("300000000000");
    await expect(payUnread(impatient, within(100))).rejects.toThrow();
    expect(statusOf(await requery(impatient.request_id))).toBe("delivered");
    const answer = (await (await late).json()) as Json;
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(answer.content.transactions.status).toBe("delivered");
  });
});

describe("the last-four triggers", () => {
  it("fails ...0000 (016) and gives the merchant its money back", async () => {
    const before = main.sim.control.balance();
    const body = airtime("08030000000");
    const answer = await pay(body);
    expect(answer.json).toMatchObject({ code: "016", response_description: "TRANSACTION FAILED" });
    expect(statusOf(answer)).toBe("failed");
    expect(statusOf(await requery(body.request_id))).toBe("failed");
    expect(main.sim.control.balance()).toBe(before);
  });

  it("answers ...1111 099, pending at the first requery and delivered at the second", async () => {
    const body = airtime("08031231111");
    const answer = await pay(body);
    expect(answer.json).toMatchObject({ code: "099", response_description: "TRANSACTION IS PROCESSING" });
    expect(statusOf(answer)).toBe("pending");
    expect(statusOf(await requery(body.request_id))).toBe("pending");
    expect(statusOf(await requery(body.request_id))).toBe("delivered");
    expect(main.sim.control.transaction(body.request_id)?.requeries).toBe(2);
  });

  it("answers ...2222 099, then fails it at the second requery, refunding the merchant", async () => {
    const before = main.sim.control.balance();
    const body = airtime("08031232222");
    expect((await pay(body)).json.code).toBe("099");
    expect(main.sim.control.balance()).toBe(before - 9_700);
    expect(statusOf(await requery(body.request_id))).toBe("pending");
    const second = await requery(body.request_id);
    expect(second.json).toMatchObject({ code: "000", response_description: "TRANSACTION FAILED" });
    expect(statusOf(second)).toBe("failed");
    expect(main.sim.control.balance()).toBe(before);
  });

  it("never answers ...3333 until the client gives up, yet keeps the purchase, delivered at the first requery", async () => {
    const body = airtime("08031233333");
    const started = Date.now();
    await expect(payUnread(body, within(200))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(main.sim.control.transaction(body.request_id)?.status).toBe("pending");
    expect(statusOf(await requery(body.request_id))).toBe("delivered");
  });

  it("finds no smartcard or meter ending 4444, but delivers to them", async () => {
    const meter = await call("merchant-verify", {
      billersCode: "45071234444",
      serviceID: "ikeja-electric",
      type: "prepaid",
    });
    expect(meter.json).toEqual({
      code: "000",
      content: {
        error: "This Meter Number is invalid. Kindly confirm the meter number and try again.",
        WrongBillersCode: true,
      },
    });
    const card = await call("merchant-verify", { billersCode: "7012344444", serviceID: "gotv" });
    expect(card.json.content).toMatchObject({
      WrongBillersCode: true,
      error: expect.stringContaining("smartcard"),
    });
    expect(statusOf(await pay(airtime("08031234444")))).toBe("delivered");
  });

  it("refuses a request id it never received (015)", async () => {
    expect((await requery(newRequestId())).json).toEqual({
      code: "015",
      response_description: "INVALID REQUEST ID",
    });
  });
});

describe("merchant-verify", () => {
  it("answers a smartcard with a stable customer, due date and the current bouquet's renewal amount", async () => {
    const body = { billersCode: "1212121212", serviceID: "dstv" };
    const { json } = await call("merchant-verify", body);
    expect(json).toMatchObject({
      code: "000",
      content: {
        Customer_Name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
        Status: "ACTIVE",
        Due_Date: expect.stringMatching(/^2026-03-(0[3-9]|[12]\d|30|31)T00:00:00$/),
        Customer_Type: "DSTV",
        Current_Bouquet_Code: expect.stringMatching(/^dstv-/),
        WrongBillersCode: false,
      },
    });
    const plans = await get("service-variations?serviceID=dstv");
    const bouquet = plans.json.content.variations.find(
      (v: Json) => v.variation_code === json.content.Current_Bouquet_Code,
    );
    expect(json.content.Renewal_Amount).toBe(Number(bouquet.variation_amount));
    expect((await call("merchant-verify", body)).json).toEqual(json);
  });

  it("answers a meter with its address and type, and needs the type (011)", async () => {
    const { json } = await call("merchant-verify", {
      billersCode: "1111111111111",
      serviceID: "ikeja-electric",
      type: "prepaid",
    });
    expect(json.content).toMatchObject({
      Customer_Name: expect.any(String),
      Address: expect.stringMatching(/^\d+ /),
      Meter_Number: "1111111111111",
      Meter_Type: "PREPAID",
      Can_Vend: "yes",
      WrongBillersCode: false,
    });
    const postpaid = await call("merchant-verify", {
      billersCode: "1010101010101",
      serviceID: "ikeja-electric",
      type: "postpaid",
    });
    expect(postpaid.json.content.Meter_Type).toBe("POSTPAID");
    expect((await call("merchant-verify", { billersCode: "1", serviceID: "ikeja-electric" })).json.code).toBe(
      "011",
    );
    expect((await call("merchant-verify", { billersCode: "1", serviceID: "nepa" })).json.code).toBe("012");
  });
});

describe("electricity tokens", () => {
  const prepaid = (serviceID: string, billersCode: string, variation_code = "prepaid") => ({
    request_id: newRequestId(),
    serviceID,
    billersCode,
    variation_code,
    amount: 5_000,
    phone: "08031234567",
  });

  it("writes Ikeja's token with a prefix and groups, and repeats it on requery", async () => {
    const body = prepaid("ikeja-electric", "1111111111111");
    const { json } = await pay(body);
    expect(json.purchased_code).toMatch(/^Token : \d{4} \d{4} \d{4} \d{4} \d{4}$/);
    expect(json.token).toBe(json.purchased_code);
    expect(json.units).toBe("23.9 kWh");
    expect(json.content.transactions).toMatchObject({
      product_name: "Ikeja Electric Payment - IKEDC",
      type: "Electricity Bill",
    });
    const again = await requery(body.request_id);
    expect(again.json.purchased_code).toBe(json.purchased_code);
  });

  it("writes Eko's as a bare mainToken, and gives a postpaid meter none", async () => {
    const { json } = await pay(prepaid("eko-electric", "45071235678"));
    expect(json.mainToken).toMatch(/^\d{20}$/);
    expect(json.mainTokenUnits).toBe("23.9");
    expect(json.purchased_code).toBe(`Token: ${json.mainToken}`);
    expect(json.token).toBeUndefined();
    const postpaid = await pay(prepaid("ikeja-electric", "1010101010101", "postpaid"));
    expect(statusOf(postpaid)).toBe("delivered");
    expect(postpaid.json.purchased_code).toBe("");
    expect(postpaid.json.token).toBeUndefined();
  });
});

describe("education (exam PINs)", () => {
  const exam = (serviceID: string, variation_code: string, extra: Record<string, unknown> = {}) => ({
    request_id: newRequestId(),
    serviceID,
    variation_code,
    phone: freshPhone(),
    ...extra,
  });

  it("writes WAEC result checkers as cards and in words, the record naming the phone, and repeats them on requery", async () => {
    const body = exam("waec", "waecdirect", { quantity: 2 });
    const { json } = await pay(body);
    expect(json.cards).toEqual([
      { Serial: expect.stringMatching(/^WRN\d{9}$/), Pin: expect.stringMatching(/^\d{12}$/) },
      { Serial: expect.stringMatching(/^WRN\d{9}$/), Pin: expect.stringMatching(/^\d{12}$/) },
    ]);
    for (const card of json.cards)
      expect(json.purchased_code).toContain(`Serial No:${card.Serial}, pin: ${card.Pin}`);
    expect(json.content.transactions).toMatchObject({
      status: "delivered",
      product_name: "WAEC Result Checker PIN",
      unique_element: body.phone,
      quantity: 2,
      unit_price: 3900,
      total_amount: 7683,
      type: "Education",
    });
    expect((await requery(body.request_id)).json.cards).toEqual(json.cards);
  });

  it("writes registration PINs as tokens, and JAMB's as Pin for the profile in billersCode", async () => {
    const registration = (await pay(exam("waec-registration", "waec-registraion"))).json;
    expect(registration.tokens).toEqual([expect.stringMatching(/^\d{19}$/)]);
    expect(registration.purchased_code).toBe(`Token: ${registration.tokens[0]}`);
    expect(registration.cards).toBeUndefined();
    const jamb = (await pay(exam("jamb", "utme-mock", { billersCode: "0123456789", quantity: 3 }))).json;
    expect(jamb.Pin).toMatch(/^Pin : \d{16}$/);
    expect(jamb.purchased_code).toBe(jamb.Pin);
    expect(jamb.content.transactions).toMatchObject({ unique_element: "0123456789", quantity: 1 });
    // A JAMB PIN needs the profile ID (011); a failed one shows no PIN.
    expect((await pay(exam("jamb", "de"))).json.code).toBe("011");
    const refused = (await pay(exam("jamb", "de", { billersCode: "0000004444" }))).json;
    expect(refused).toMatchObject({ code: "016" });
    expect(refused.Pin).toBeUndefined();
  });

  it("verifies a JAMB profile ID with its variation as type, and lists the three services' variations", async () => {
    const verify = (body: unknown) => call("merchant-verify", body);
    const found = await verify({ billersCode: "0123456789", serviceID: "jamb", type: "utme-no-mock" });
    expect(found.json).toEqual({
      code: "000",
      content: { Customer_Name: expect.stringMatching(/^[A-Z ]+$/) },
    });
    const unknown = await verify({ billersCode: "0000004444", serviceID: "jamb", type: "de" });
    expect(unknown.json).toMatchObject({ code: "000", content: { WrongBillersCode: true } });
    expect((await verify({ billersCode: "0123456789", serviceID: "jamb" })).json.code).toBe("011");
    expect((await verify({ billersCode: "0123456789", serviceID: "waec" })).json.code).toBe("012");
    const codes = async (serviceID: string) =>
      (await get(`service-variations?serviceID=${serviceID}`)).json.content.varations.map(
        (v: Json) => v.variation_code,
      );
    expect(await codes("waec")).toEqual(["waecdirect"]);
    expect(await codes("waec-registration")).toEqual(["waec-registraion"]);
    expect(await codes("jamb")).toEqual(["utme-mock", "utme-no-mock", "de"]);
  });
});

describe("the merchant wallet", () => {
  it("refuses what it cannot cover (018) without creating a transaction", async () => {
    const before = main.sim.control.balance();
    main.sim.control.setBalance(5_000);
    try {
      const body = airtime(freshPhone(), 100);
      expect((await pay(body)).json).toEqual({ code: "018", response_description: "LOW WALLET BALANCE" });
      expect((await requery(body.request_id)).json.code).toBe("015");
      expect((await get("balance")).json).toEqual({ code: 1, contents: { balance: 50 } });
    } finally {
      main.sim.control.setBalance(before);
    }
  });

  it("is refunded on a reversal, which requery then shows", async () => {
    const before = main.sim.control.balance();
    const body = airtime(freshPhone(), 1_000);
    await pay(body);
    expect(main.sim.control.balance()).toBe(before - 97_000);
    await main.sim.control.reverse(body.request_id);
    expect(main.sim.control.balance()).toBe(before);
    const answer = await requery(body.request_id);
    expect(answer.json).toMatchObject({ code: "000", response_description: "TRANSACTION REVERSED" });
    expect(statusOf(answer)).toBe("reversed");
  });
});

describe("service-variations", () => {
  it("lists mtn-data's plans in naira, twice (variations and the misspelt varations)", async () => {
    const { json } = await get("service-variations?serviceID=mtn-data");
    expect(json).toMatchObject({
      response_description: "000",
      content: { ServiceName: "MTN Data", serviceID: "mtn-data" },
    });
    expect(json.content.variations).toContainEqual({
      variation_code: "mtn-1gb-1d",
      name: "MTN N500 1GB - 1 day",
      variation_amount: "480.00",
      fixedPrice: "Yes",
    });
    expect(json.content.variations).toHaveLength(14);
    expect(json.content.varations).toEqual(json.content.variations);
  });

  it("lists a disco's meter types, and refuses an unknown service (012)", async () => {
    const disco = await get("service-variations?serviceID=ikeja-electric");
    expect(
      disco.json.content.variations.map((v: Json) => [v.variation_code, v.variation_amount, v.fixedPrice]),
    ).toEqual([
      ["prepaid", "0.00", "No"],
      ["postpaid", "0.00", "No"],
    ]);
    const nine = await get("service-variations?serviceID=etisalat-data");
    expect(nine.json.content.variations.map((v: Json) => v.variation_code)).not.toContain("9mobile-650mb-1d");
    expect((await get("service-variations?serviceID=smile-data")).json).toMatchObject({
      code: "012",
      response_description: "PRODUCT DOES NOT EXIST",
    });
  });
});

describe("scripted answers", () => {
  it("answers a scripted code once, and keeps what the code implies", async () => {
    const to = freshPhone();
    main.sim.control.script(to, { code: "087" });
    const refused = airtime(to);
    const answer = await pay(refused);
    expect(answer).toEqual({
      status: 401,
      json: { code: "087", response_description: "INVALID CREDENTIALS" },
    });
    expect(main.sim.control.transaction(refused.request_id)).toBeUndefined();
    main.sim.control.script(to, { code: "000", status: "pending" });
    const pending = airtime(to);
    expect(statusOf(await pay(pending))).toBe("pending");
    expect(statusOf(await requery(pending.request_id))).toBe("pending");
    main.sim.control.script(to, { code: "083" });
    const unclear = airtime(to);
    expect((await pay(unclear)).json).toEqual({ code: "083", response_description: "OOPS!!! SYSTEM ERROR" });
    expect(statusOf(await requery(unclear.request_id))).toBe("delivered");
    expect(statusOf(await pay(airtime(to)))).toBe("delivered");
  });

  it("drops the connection mid-answer, and scripts a requery", async () => {
    const to = freshPhone();
    main.sim.control.script(to, { kind: "drop" });
    const body = airtime(to);
    const response = await payUnread(body);
    await expect(response.text()).rejects.toThrow();
    main.sim.control.scriptRequery(body.request_id, { code: "000", status: "failed" });
    expect(statusOf(await requery(body.request_id))).toBe("failed");
    expect(main.sim.control.transaction(body.request_id)?.status).toBe("failed");
  });

  it("answers 502 in-process, where there is no socket to drop", async () => {
    const to = freshPhone();
    main.sim.control.script(to, { kind: "no-answer" });
    const response = await main.sim.app.request("/api/pay", {
      method: "POST",
      headers: postKeys,
      body: JSON.stringify(airtime(to)),
    });
    expect(response.status).toBe(502);
  });
});

/** A webhook receiver on loopback that answers as VTpass expects, or fails the first `failures`. */
async function receiver(failures = 0) {
  const bodies: unknown[] = [];
  let failed = 0;
  const server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      bodies.push(JSON.parse(text));
      if (failed++ < failures) return void res.writeHead(500).end("no");
      res.writeHead(200, { "content-type": "application/json" }).end('{"response":"success"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("webhooks", () => {
  it("posts the requery answer when the control settles and reverses a transaction", async () => {
    const hook = await receiver();
    const running = await start({ webhookUrl: hook.url });
    try {
      const body = airtime("08039871111");
      expect((await pay(body, running.base)).json.code).toBe("099");
      expect(hook.bodies).toHaveLength(0);
      await running.sim.control.settle(body.request_id);
      expect(hook.bodies).toHaveLength(1);
      expect(hook.bodies[0]).toMatchObject({
        type: "transaction-update",
        data: { code: "000", requestId: body.request_id, content: { transactions: { status: "delivered" } } },
      });
      await running.sim.control.reverse(body.request_id);
      const now = await requery(body.request_id, running.base);
      expect(hook.bodies[1]).toEqual({ type: "transaction-update", data: now.json });
      expect(running.sim.control.webhooks.map((w) => w.status)).toEqual([200, 200]);
    } finally {
      await running.stop();
      await hook.close();
    }
  });

  it("settles by itself after settleAfterMs, and retries a webhook that was not acknowledged", async () => {
    const hook = await receiver(1);
    const running = await start({ webhookUrl: hook.url, settleAfterMs: 50 });
    try {
      const body = airtime("08039872222");
      expect((await pay(body, running.base)).json.code).toBe("099");
      await expect.poll(() => running.sim.control.webhooks.length, { timeout: 3_000, interval: 50 }).toBe(2);
      expect(running.sim.control.webhooks.map((w) => w.status)).toEqual([500, 200]);
      expect(running.sim.control.transaction(body.request_id)?.status).toBe("failed");
      expect(hook.bodies[1]).toMatchObject({ data: { content: { transactions: { status: "failed" } } } });
    } finally {
      await running.stop();
      await hook.close();
    }
  });
});

describe("a restart", () => {
  it("remembers transactions, requery counts and the wallet from the journal", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vtpass-sim-"));
    const journalPath = join(dir, "vtpass.jsonl");
    try {
      const first = await start({ journalPath, merchantBalance: 1_000_000 });
      const delivered = airtime(freshPhone(), 100);
      const pending = airtime("08039991111", 200);
      await pay(delivered, first.base);
      await pay(pending, first.base);
      expect(statusOf(await requery(pending.request_id, first.base))).toBe("pending");
      const balance = first.sim.control.balance();
      expect(balance).toBe(1_000_000 - 9_700 - 19_400);
      await first.stop();

      const second = await start({ journalPath, merchantBalance: 1_000_000 });
      try {
        expect(second.sim.control.balance()).toBe(balance);
        expect(statusOf(await requery(delivered.request_id, second.base))).toBe("delivered");
        expect(statusOf(await requery(pending.request_id, second.base))).toBe("delivered");
        expect((await pay(delivered, second.base)).json.code).toBe("014");
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
