import { describe, expect, it } from "vitest";
import { createMsorgProvider, type MsorgProviderOptions } from "../../server/outside/msorg/msorgProvider";
import type { OutsideRequest, Transport } from "../../server/outside/outsideHttp";
import type { ProviderOrder, SentAttempt } from "../../server/outside/provider";
import { VerificationRefused } from "../../server/outside/provider";

/**
 * The MSORG adapter against a fake vendor written from docs/PROVIDERS.md alone (not the simulator):
 * what it sends (paths, headers, bodies, query strings) and how it reads the vendor's records.
 */

interface Canned {
  status: number;
  body: unknown;
}

/** A vendor answering each call with the next canned answer, keeping every request it was sent. */
/** The adapter as a Husmodata account configures it, sending through `transport`. */
const husmodata = (transport: Transport, timeoutMs: number) =>
  createMsorgProvider({
    label: "Husmodata",
    baseUrl: "https://vendor.example/api/",
    token: "tok123",
    timeoutMs,
    transport,
  });

function fakeVendor(answers: Canned[], settings: Partial<MsorgProviderOptions> = {}) {
  const sent: OutsideRequest[] = [];
  const transport: Transport = async (request) => {
    sent.push(request);
    const answer = answers.shift();
    if (!answer) throw new Error("the fake vendor has no answer left");
    const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    return { status: answer.status, text };
  };
  const provider = createMsorgProvider({
    label: "Husmodata",
    baseUrl: "https://vendor.example/api/",
    token: "tok123",
    timeoutMs: 5_000,
    transport,
    ...settings,
  });
  const bodyOf = (i: number) => JSON.parse(String(sent[i]?.body));
  return { provider, sent, bodyOf };
}

const airtime: ProviderOrder = { service: "airtime", serviceId: "4", phone: "08031234567", amount: 10_050 };
const data: ProviderOrder = {
  service: "data",
  serviceId: "3",
  variationCode: "251",
  planId: 9,
  phone: "09051234567",
  amount: 24_500,
};
const tv: ProviderOrder = {
  service: "tv",
  serviceId: "1",
  variationCode: "4",
  planId: 2,
  smartcard: "7023456789",
  phone: "08031234567",
  subscriptionType: "renew",
  amount: 850_000,
};
const postpaid: ProviderOrder = {
  service: "electricity",
  serviceId: "6",
  meterNumber: "0412345678",
  meterType: "postpaid",
  amount: 250_000,
  phone: "08031234567",
};
const prepaid: ProviderOrder = {
  ...postpaid,
  meterType: "prepaid",
  meterNumber: "45071234567",
  serviceId: "2",
};

const sentAt = new Date("2026-11-27T09:00:00.000Z"); // 10:00 in Lagos
const attempt = (order: ProviderOrder, providerReference: string | null): SentAttempt => ({
  requestId: "ours",
  providerReference,
  order,
  sentAt,
});

describe("what the adapter sends", () => {
  it("POSTs each purchase as JSON with the token, to its service's path, amounts in naira", async () => {
    const record = { status: 201, body: { id: 1, Status: "successful" } };
    const vendor = fakeVendor([record, record, record, record]);
    await vendor.provider.buy("ours", airtime, AbortSignal.timeout(1_000));
    await vendor.provider.buy("ours", data, undefined);
    await vendor.provider.buy("ours", tv, undefined);
    await vendor.provider.buy("ours", postpaid, undefined);
    expect(vendor.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST https://vendor.example/api/topup/",
      "POST https://vendor.example/api/data/",
      "POST https://vendor.example/api/cablesub/",
      "POST https://vendor.example/api/billpayment/",
    ]);
    for (const request of vendor.sent) {
      expect(request.headers).toMatchObject({
        authorization: "Token tok123",
        "content-type": "application/json",
      });
    }
    expect(vendor.bodyOf(0)).toEqual({
      network: 4,
      amount: 100.5,
      mobile_number: "08031234567",
      Ported_number: true,
      airtime_type: "VTU",
    });
    expect(vendor.bodyOf(1)).toEqual({
      network: 3,
      mobile_number: "09051234567",
      plan: 251,
      Ported_number: true,
    });
    expect(vendor.bodyOf(2)).toEqual({ cablename: 1, cableplan: 4, smart_card_number: "7023456789" });
    expect(vendor.bodyOf(3)).toEqual({
      disco_name: 6,
      amount: 2_500,
      meter_number: "0412345678",
      MeterType: 2,
    });
  });

  it("GETs the checks with their query strings, the meter type in words or, where the vendor says, digits", async () => {
    const found = { status: 200, body: { invalid: false, name: "ADA OBI", address: "1 RING ROAD" } };
    const words = fakeVendor([found, found]);
    expect(await words.provider.verifySmartcard("2", "7023456789")).toEqual({ customer_name: "ADA OBI" });
    expect(await words.provider.verifyMeter("1", "45071234567", "postpaid")).toEqual({
      customer_name: "ADA OBI",
      address: "1 RING ROAD",
    });
    expect(words.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET https://vendor.example/api/validateiuc?smart_card_number=7023456789&cablename=2",
      "GET https://vendor.example/api/validatemeter?meternumber=45071234567&disconame=1&mtype=postpaid",
    ]);
    expect(words.sent[0]?.headers).toMatchObject({ authorization: "Token tok123" });
    const digits = fakeVendor([found], { meterTypeQuery: "digits" });
    await digits.provider.verifyMeter("1", "45071234567", "prepaid");
    expect(digits.sent[0]?.url.searchParams.get("mtype")).toBe("1");
  });

  it("refuses a number the vendor marks invalid, in the name alone too", async () => {
    const vendor = fakeVendor([
      { status: 200, body: { invalid: true } },
      { status: 200, body: { invalid: "true", name: "" } },
      { status: 200, body: { name: "INVALID METER NUMBER" } },
    ]);
    await expect(vendor.provider.verifySmartcard("1", "7023454444")).rejects.toBeInstanceOf(
      VerificationRefused,
    );
    await expect(vendor.provider.verifyMeter("1", "1234567", "prepaid")).rejects.toBeInstanceOf(
      VerificationRefused,
    );
    await expect(vendor.provider.verifyMeter("1", "1234567", "prepaid")).rejects.toBeInstanceOf(
      VerificationRefused,
    );
  });

  it("requeries a record by the vendor's id, at <service>/<id>/", async () => {
    const vendor = fakeVendor([{ status: 200, body: { id: 137538, plan: 251, Status: "processing" } }]);
    expect(await vendor.provider.requery(attempt(data, "137538"))).toMatchObject({
      status: "pending",
      providerReference: "137538",
    });
    expect(`${vendor.sent[0]?.method} ${vendor.sent[0]?.url}`).toBe(
      "GET https://vendor.example/api/data/137538/",
    );
  });
});

describe("what the adapter reads", () => {
  it("reads a prepaid token the vendor wrote only inside api_response", async () => {
    const vendor = fakeVendor([
      {
        status: 201,
        body: {
          id: 24,
          meter_number: "45071234567",
          amount: "2500.0",
          Status: "successful",
          api_response: "Token: 5127-0932-8847-1203-6645 Units: 11.9kWh",
        },
      },
    ]);
    expect(await vendor.provider.buy("ours", prepaid)).toMatchObject({
      status: "successful",
      providerReference: "24",
      token: "51270932884712036645",
    });
  });

  it("never takes a record of another number, another amount, or (on requery) another id", async () => {
    const vendor = fakeVendor([
      { status: 201, body: { id: 5, mobile_number: "08030000000", amount: "100.5", Status: "successful" } },
      { status: 201, body: { id: 6, mobile_number: "08031234567", amount: "1000", Status: "successful" } },
      { status: 200, body: { id: 77, mobile_number: "08031234567", amount: "100.5", Status: "failed" } },
    ]);
    const mismatch = { status: "pending", alert: "mismatch" };
    expect(await vendor.provider.buy("ours", airtime)).toMatchObject(mismatch);
    expect(await vendor.provider.buy("ours", airtime)).toMatchObject(mismatch);
    const requeried = await vendor.provider.requery(attempt(airtime, "76"));
    expect(requeried).toMatchObject(mismatch);
    expect(requeried.providerReference).toBeUndefined();
  });

  it("never fails a purchase from a requery's 400: that is about the request", async () => {
    const vendor = fakeVendor([{ status: 400, body: { error: ["Invalid transaction id"] } }]);
    expect(await vendor.provider.requery(attempt(airtime, "76"))).toEqual({
      status: "pending",
      note: "Husmodata: HTTP 400 Invalid transaction id",
    });
  });

  it("finds a lost purchase in a plain list, by Lagos time after it was sent", async () => {
    const vendor = fakeVendor([
      {
        status: 200,
        body: [
          {
            id: 90,
            mobile_number: "08031234567",
            amount: "100.5",
            Status: "successful",
            create_date: "2026-11-27T10:00:04.512345",
          },
          {
            id: 89,
            mobile_number: "08031234567",
            amount: "100.5",
            Status: "successful",
            create_date: "2026-11-27T09:59:58.000001",
          },
        ],
      },
    ]);
    expect(await vendor.provider.requery(attempt(airtime, null))).toMatchObject({
      status: "successful",
      providerReference: "90",
    });
    expect(`${vendor.sent[0]?.method} ${vendor.sent[0]?.url}`).toBe("GET https://vendor.example/api/topup/");
  });

  it("does not take a record without a time for the lost purchase", async () => {
    const vendor = fakeVendor([
      { status: 200, body: [{ id: 92, mobile_number: "08031234567", amount: 100.5, Status: "successful" }] },
    ]);
    expect(await vendor.provider.requery(attempt(airtime, null))).toMatchObject({
      status: "pending",
      alert: "mismatch",
    });
  });

  it("reads the wallet and a flat plan list, in kobo, with their plan types", async () => {
    const account = {
      status: 200,
      body: {
        user: { username: "ojapay", wallet_balance: "5000.75" },
        Dataplans: [
          {
            dataplan_id: 7,
            network: 1,
            plan_type: "SME",
            plan_network: "MTN",
            plan: "1.0GB",
            month_validate: "30 days",
            plan_amount: "235.0",
          },
          {
            dataplan_id: "241",
            network: "1",
            plan_type: "CORPORATE GIFTING",
            plan: "1.0GB",
            month_validate: "Monthly",
            plan_amount: "₦265",
          },
          { dataplan_id: 300, network: 1, plan_type: "GIFTING", plan: "1.5GB", plan_amount: 980 },
          {
            dataplan_id: 251,
            network: 3,
            plan_type: "CORPORATE GIFTING",
            plan: "1.0GB",
            plan_amount: "245.0",
          },
        ],
      },
    };
    const vendor = fakeVendor([account, account]);
    expect(await vendor.provider.balance()).toBe(500_075);
    expect(await vendor.provider.variations("1")).toEqual([
      { code: "7", name: "MTN 1.0GB SME", amount: 23_500, planType: "sme", validity: "30 days" },
      {
        code: "241",
        name: "1.0GB CORPORATE GIFTING",
        amount: 26_500,
        planType: "corporate_gifting",
        validity: "Monthly",
      },
      { code: "300", name: "1.5GB GIFTING", amount: 98_000, planType: "gifting" },
    ]);
    expect(vendor.sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "GET https://vendor.example/api/user/",
      "GET https://vendor.example/api/user/",
    ]);
  });
});

describe("finding a lost purchase, page by page", () => {
  /** Lagos time without a zone, as Django writes it, `seconds` after the purchase was sent. */
  const lagos = (seconds: number) =>
    new Date(sentAt.getTime() + seconds * 1_000 + 3_600_000).toISOString().replace(/Z$/, "123456");
  let nextId = 500;
  /** A record of the account's, `seconds` after the purchase was sent: another number unless `ours`. */
  const record = (seconds: number, ours = false) => ({
    id: ++nextId,
    mobile_number: ours ? "08031234567" : `0803${String(nextId).padStart(7, "0")}`,
    amount: "100.5",
    Status: "successful",
    create_date: lagos(seconds),
  });
  /** `n` records of other numbers, newest first, from `seconds` after the purchase was sent back. */
  const others = (n: number, seconds: number) => Array.from({ length: n }, (_, i) => record(seconds - i));
  const drfPage = (results: unknown[], next: string | null, count = 100) => ({
    status: 200,
    body: { count, next, previous: null, results },
  });
  const asked = (vendor: { sent: OutsideRequest[] }) => vendor.sent.map((r) => `${r.method} ${r.url}`);
  const lostAirtime = () => attempt(airtime, null);

  it("follows `next` back to a purchase 30 later ones pushed to page 2, and stops there", async () => {
    const ours = record(1, true);
    const later = others(30, 60);
    const vendor = fakeVendor([
      // Django behind a proxy writes its links with http: the page is asked at our https host all the same.
      drfPage(later.slice(0, 20), "http://vendor.example/api/topup/?page=2"),
      drfPage([...later.slice(20), ours, ...others(9, -300)], "http://vendor.example/api/topup/?page=3"),
    ]);
    expect(await vendor.provider.requery(lostAirtime())).toMatchObject({
      status: "successful",
      providerReference: String(ours.id),
    });
    expect(asked(vendor)).toEqual([
      "GET https://vendor.example/api/topup/",
      "GET https://vendor.example/api/topup/?page=2",
    ]);
    expect(vendor.sent[1]?.headers).toMatchObject({ authorization: "Token tok123" });
  });

  it("takes only the query of a `next` link: the token never goes to the host a link names", async () => {
    const vendor = fakeVendor([
      drfPage(others(20, 60), "https://collector.example/steal/?page=2&x=1"),
      drfPage([], null),
    ]);
    expect(await vendor.provider.requery(lostAirtime())).toMatchObject({ unknownRequest: true });
    expect(asked(vendor)).toEqual([
      "GET https://vendor.example/api/topup/",
      "GET https://vendor.example/api/topup/?page=2&x=1",
    ]);
  });

  it("calls it unknown only once the list reaches back past its sending by more than the clocks may differ", async () => {
    const vendor = fakeVendor([
      drfPage(others(20, 60), "?page=2"),
      // A minute before it was sent, by the vendor's clock: that clock may be behind ours.
      drfPage(others(20, -60), "?page=3"),
      drfPage(others(20, -180), "?page=4"),
    ]);
    expect(await vendor.provider.requery(lostAirtime())).toMatchObject({
      status: "pending",
      unknownRequest: true,
    });
    expect(vendor.sent).toHaveLength(3);
  });

  it("asks for ?page=N when a page counts the records but gives no link, to the last of them", async () => {
    const vendor = fakeVendor([
      { status: 200, body: { count: 25, results: others(20, 60) } },
      { status: 200, body: { count: 25, results: others(5, 30) } },
    ]);
    expect(await vendor.provider.requery(lostAirtime())).toMatchObject({ unknownRequest: true });
    expect(asked(vendor).at(-1)).toBe("GET https://vendor.example/api/topup/?page=2");
  });

  it("leaves it pending, never unknown, when a page fails on the way, and says how far it read", async () => {
    const broken = fakeVendor([
      drfPage(others(20, 60), "?page=2"),
      { status: 502, body: "<html><body>502 Bad Gateway</body></html>" },
    ]);
    const answer = await broken.provider.requery(lostAirtime());
    expect(answer).toEqual({
      status: "pending",
      note: expect.stringMatching(
        /does not reach back .*: page 2 answered HTTP 502 a body that is not JSON$/,
      ),
    });
    // A page that never answers (the fake has nothing left to say) is the same.
    const cut = fakeVendor([drfPage(others(20, 60), "?page=2")]);
    const unanswered = await cut.provider.requery(lostAirtime());
    expect(unanswered.status).toBe("pending");
    expect(unanswered).not.toHaveProperty("unknownRequest");
    expect(unanswered.note).toContain("page 2 could not be read");
  });

  it("does not take the one record that fits while the unread rest of the list may hold another", async () => {
    const ours = record(2, true);
    const first = drfPage([...others(19, 60), ours], "?page=2");
    const cut = fakeVendor([first, { status: 500, body: { detail: "Server Error" } }]);
    const unsure = await cut.provider.requery(lostAirtime());
    expect(unsure.status).toBe("pending");
    expect(unsure.note).toContain(`record ${ours.id} may be this purchase, but the list may hold another`);
    const whole = fakeVendor([first, drfPage(others(20, -30), "?page=3")]);
    expect(await whole.provider.requery(lostAirtime())).toMatchObject({
      status: "successful",
      providerReference: String(ours.id),
    });
  });

  it("reads at most ten pages of a list without end: pending, and staff are alerted", async () => {
    const sent: OutsideRequest[] = [];
    const endless: Transport = async (request) => {
      sent.push(request);
      const page = Number(request.url.searchParams.get("page") ?? "1");
      return {
        status: 200,
        text: JSON.stringify({
          count: null,
          next: `?page=${page + 1}`,
          previous: null,
          results: others(20, 60),
        }),
      };
    };
    const provider = husmodata(endless, 30_000);
    const answer = await provider.requery(lostAirtime());
    expect(answer).toMatchObject({ status: "pending", alert: "mismatch" });
    expect(answer).not.toHaveProperty("unknownRequest");
    expect(answer.note).toMatch(
      /read 10 pages, the most one requery reads; staff must find it at the vendor$/,
    );
    expect(sent).toHaveLength(10);
  });

  it("stops within three quarters of the time limit at a slow vendor, pending, with staff alerted", async () => {
    const sent: OutsideRequest[] = [];
    const slow: Transport = (request) =>
      new Promise((resolve, reject) => {
        sent.push(request);
        const page = Number(request.url.searchParams.get("page") ?? "1");
        const body = { count: 1_000, next: `?page=${page + 1}`, previous: null, results: others(20, 60) };
        const timer = setTimeout(() => resolve({ status: 200, text: JSON.stringify(body) }), 300);
        request.signal.addEventListener("abort", () => {
          clearTimeout(timer);
          reject(request.signal.reason);
        });
      });
    const provider = husmodata(slow, 2_000);
    const answer = await provider.requery(lostAirtime());
    expect(answer).toMatchObject({ status: "pending", alert: "mismatch" });
    expect(answer.note).toMatch(/pages in the 1\.5 s a requery may take; staff must find it at the vendor$/);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(10);
  });

  it("takes a plain list for the newest purchases: unknown only when it reaches back, or holds none", async () => {
    const newest = fakeVendor([{ status: 200, body: others(10, 60) }]);
    const unsure = await newest.provider.requery(lostAirtime());
    expect(unsure).toMatchObject({ status: "pending", alert: "mismatch" });
    expect(unsure).not.toHaveProperty("unknownRequest");
    expect(unsure.note).toContain("the vendor lists its newest purchases without pages");
    const reaching = fakeVendor([{ status: 200, body: [...others(10, 60), ...others(2, -600)] }]);
    expect(await reaching.provider.requery(lostAirtime())).toMatchObject({ unknownRequest: true });
    const none = fakeVendor([{ status: 200, body: [] }]);
    expect(await none.provider.requery(lostAirtime())).toMatchObject({ unknownRequest: true });
  });

  it("trusts no time in a list that is not newest first", async () => {
    const vendor = fakeVendor([{ status: 200, body: [...others(2, -600), ...others(5, 60)] }]);
    const answer = await vendor.provider.requery(lostAirtime());
    expect(answer.status).toBe("pending");
    expect(answer).not.toHaveProperty("unknownRequest");
    expect(answer.note).toContain("not newest first");
  });
});
