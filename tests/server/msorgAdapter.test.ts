import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMsorgProvider } from "../../server/outside/msorg/msorgProvider";
import {
  createMsorgSimulator,
  type MsorgSimulator,
  type MsorgSimulatorOptions,
} from "../../server/outside/msorg/simulator/msorgSimulator";
import { NothingSent, type Transport } from "../../server/outside/outsideHttp";
import type { ProviderOrder, ProviderResult, SentAttempt } from "../../server/outside/provider";
import { ProviderRefused, VerificationRefused } from "../../server/outside/provider";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { serveOnLoopback } from "./support/loopbackSimulator";
import { TestClock } from "./support/testClock";

/**
 * The MSORG adapter against the MSORG simulator over real HTTP: each test number's outcome, the
 * requery by id and by the list of recent purchases, the checks, the account, and the network.
 */
const clock = new TestClock(new Date("2026-11-27T09:00:00.000Z"));
const token = simulatorKeys.msorg.token;
const slowAnswerMs = 1_500;
let simulator: MsorgSimulator;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  simulator = createMsorgSimulator({
    token,
    clock,
    journalPath: null,
    latencyMs: 0,
    settleAfterMs: null,
    timeoutAnswerMs: slowAnswerMs,
  });
  const served = await serveOnLoopback(simulator);
  base = `${served.origin}api/`;
  close = served.stop;
});
afterAll(() => close());

const adapter = (timeoutMs = 10_000, key: string = token) =>
  createMsorgProvider({ label: "Simulated vendor", baseUrl: base, token: key, timeoutMs });
const within = (ms = 3_000) => AbortSignal.timeout(ms);

let counter = 0;
/** A fresh phone for each purchase, ending as `lastFour` says (an ordinary number by default). */
const phone = (lastFour = "") => {
  const fresh = `0803${String(1_000_000 + ++counter).padStart(7, "0")}`;
  return lastFour ? `${fresh.slice(0, 7)}${lastFour}` : fresh;
};
const airtime = (to: string, amount = 20_000): ProviderOrder => ({
  service: "airtime",
  serviceId: "1",
  phone: to,
  amount,
});
const data = (to: string, network: string, plan: string): ProviderOrder => ({
  service: "data",
  serviceId: network,
  variationCode: plan,
  planId: 1,
  phone: to,
  amount: 23_500,
});
const meter = (
  number: string,
  disco: string,
  meterType: "prepaid" | "postpaid" = "prepaid",
): ProviderOrder => ({
  service: "electricity",
  serviceId: disco,
  meterNumber: number,
  meterType,
  amount: 150_000,
  phone: "08031234567",
});
const lost = (order: ProviderOrder, sentAt: Date, providerReference: string | null = null): SentAttempt => ({
  requestId: "ours",
  providerReference,
  order,
  sentAt,
});
const reference = (result: ProviderResult) => result.providerReference ?? null;
const recordCount = () => simulator.control.records().length;

describe("the test numbers", () => {
  it("sells to an ordinary number, as the vendor's body asks, and the vendor's wallet falls", async () => {
    const before = simulator.control.balance();
    const to = phone();
    const result = await adapter().buy("ours", airtime(to), within());
    expect(result).toMatchObject({ status: "successful", providerReference: expect.stringMatching(/^\d+$/) });
    expect(simulator.control.requests.at(-1)).toEqual({
      method: "POST",
      path: "/api/topup/",
      body: { network: 1, amount: 200, mobile_number: to, Ported_number: true, airtime_type: "VTU" },
    });
    expect(simulator.control.balance()).toBe(before - 19_200);
  });

  it("fails …0000 with the vendor's failed record: safe to fail over, the wallet refunded", async () => {
    const before = simulator.control.balance();
    const result = await adapter().buy("ours", airtime(phone("0000")), within());
    expect(result).toMatchObject({
      status: "failed",
      safeToFailOver: true,
      providerReference: expect.any(String),
    });
    expect(simulator.control.balance()).toBe(before);
  });

  it("keeps …1111 processing until the second requery finds it successful", async () => {
    const order = airtime(phone("1111"));
    const provider = adapter();
    const bought = await provider.buy("ours", order, within());
    expect(bought).toMatchObject({ status: "pending", providerReference: expect.any(String) });
    const sent = lost(order, clock.now(), reference(bought));
    expect((await provider.requery(sent, within())).status).toBe("pending");
    expect(await provider.requery(sent, within())).toMatchObject({
      status: "successful",
      providerReference: reference(bought),
    });
    expect(simulator.control.requests.at(-1)?.path).toBe(`/api/topup/${reference(bought)}/`);
  });

  it("keeps …2222 processing until it fails, and then gives the vendor's wallet back", async () => {
    const order = airtime(phone("2222"));
    const provider = adapter();
    const before = simulator.control.balance();
    const bought = await provider.buy("ours", order, within());
    expect(simulator.control.balance()).toBe(before - 19_200);
    simulator.control.settle(Number(reference(bought)));
    const answer = await provider.requery(lost(order, clock.now(), reference(bought)), within());
    expect(answer).toMatchObject({ status: "failed", safeToFailOver: true });
    expect(simulator.control.balance()).toBe(before);
  });

  it("refuses …7777 with a 400 before any record: failed, safe to fail over, nothing charged", async () => {
    const before = { balance: simulator.control.balance(), records: recordCount() };
    const result = await adapter().buy("ours", airtime(phone("7777")), within());
    expect(result).toMatchObject({
      status: "failed",
      safeToFailOver: true,
      note: expect.stringContaining("cannot receive"),
    });
    expect({ balance: simulator.control.balance(), records: recordCount() }).toEqual(before);
  });

  it("leaves …5555's answer that is not JSON pending, and the list of recent purchases finds it", async () => {
    const order = airtime(phone("5555"));
    const provider = adapter();
    const sentAt = clock.now();
    expect(await provider.buy("ours", order, within())).toMatchObject({
      status: "pending",
      note: expect.stringContaining("not JSON"),
    });
    const found = await provider.requery(lost(order, sentAt), within());
    expect(found).toMatchObject({
      status: "successful",
      providerReference: String(simulator.control.records().at(-1)?.id),
    });
    expect(simulator.control.requests.at(-1)?.path).toBe("/api/topup/");
  });

  it("throws for …6666's dropped connection; the list finds the purchase made", async () => {
    const order = data(phone("6666"), "1", "7");
    const provider = adapter();
    const sentAt = clock.now();
    await expect(provider.buy("ours", order, within())).rejects.toThrow();
    expect(await provider.requery(lost(order, sentAt), within())).toMatchObject({ status: "successful" });
  });

  it("throws when …3333 answers after the time limit (timeoutMs); the list finds the purchase made", async () => {
    const order = airtime(phone("3333"));
    const provider = adapter(300);
    const sentAt = clock.now();
    const started = Date.now();
    await expect(provider.buy("ours", order, within(5_000))).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(slowAnswerMs);
    expect(await adapter().requery(lost(order, sentAt), within())).toMatchObject({ status: "successful" });
  });
});

describe("finding a lost purchase in the list", () => {
  it("says the vendor has no record of a purchase it never made", async () => {
    const order = airtime(phone("7777"));
    const sentAt = clock.now();
    await adapter().buy("ours", order, within());
    expect(await adapter().requery(lost(order, sentAt), within())).toMatchObject({
      status: "pending",
      unknownRequest: true,
    });
  });

  it("does not take a record made before the purchase was sent", async () => {
    const order = airtime(phone());
    await adapter().buy("ours", order, within());
    clock.advance(1_000);
    expect(await adapter().requery(lost(order, clock.now()), within())).toMatchObject({
      unknownRequest: true,
    });
  });

  it("never guesses between two records that could each be it", async () => {
    const order = airtime(phone());
    const sentAt = clock.now();
    await adapter().buy("ours", order, within());
    await adapter().buy("ours", order, within());
    expect(await adapter().requery(lost(order, sentAt), within())).toMatchObject({
      status: "pending",
      alert: "mismatch",
    });
  });

  it("does not take another amount to the same number for it", async () => {
    const to = phone();
    const sentAt = clock.now();
    await adapter().buy("ours", airtime(to, 50_000), within());
    expect(await adapter().requery(lost(airtime(to, 20_000), sentAt), within())).toMatchObject({
      unknownRequest: true,
    });
  });
});

describe("data, TV and electricity", () => {
  it("sells data by the vendor's data/ network ids (3 GLO there), and refuses a plan of another network", async () => {
    const provider = adapter();
    expect(await provider.buy("ours", data(phone(), "3", "251"), within())).toMatchObject({
      status: "successful",
    });
    expect(simulator.control.requests.at(-1)?.body).toEqual({
      network: 3,
      mobile_number: expect.any(String),
      plan: 251,
      Ported_number: true,
    });
    expect(await provider.buy("ours", data(phone(), "2", "251"), within())).toMatchObject({
      status: "failed",
      safeToFailOver: true,
    });
  });

  it("subscribes a smartcard to a bouquet", async () => {
    const tv: ProviderOrder = {
      service: "tv",
      serviceId: "2",
      variationCode: "6",
      planId: 1,
      smartcard: "7023456789",
      phone: "08031234567",
      subscriptionType: "change",
      amount: 440_000,
    };
    expect(await adapter().buy("ours", tv, within())).toMatchObject({ status: "successful" });
    expect(simulator.control.requests.at(-1)?.body).toEqual({
      cablename: 2,
      cableplan: 6,
      smart_card_number: "7023456789",
    });
  });

  it("reads a prepaid token from `token` (Ikeja) and from api_response (Eko); a postpaid meter has none", async () => {
    const ikeja = await adapter().buy("ours", meter("45071234567", "1"), within());
    expect(ikeja).toMatchObject({
      status: "successful",
      token: expect.stringMatching(/^\d{20}$/),
      units: "7.2 kWh",
    });
    expect(simulator.control.requests.at(-1)?.body).toEqual({
      disco_name: 1,
      amount: 1_500,
      meter_number: "45071234567",
      MeterType: 1,
    });
    const eko = await adapter().buy("ours", meter("45071234568", "2"), within());
    expect(eko).toMatchObject({ status: "successful", token: expect.stringMatching(/^\d{20}$/) });
    const postpaid = await adapter().buy("ours", meter("45071234569", "1", "postpaid"), within());
    expect(postpaid.status).toBe("successful");
    expect("token" in postpaid ? postpaid.token : undefined).toBeUndefined();
  });

  it("verifies smartcards and meters, and refuses those the vendor cannot find", async () => {
    const provider = adapter();
    expect((await provider.verifySmartcard("1", "7023456789", within())).customer_name).toMatch(
      /^[A-Z]+ [A-Z]+$/,
    );
    const found = await provider.verifyMeter("1", "45071234567", "prepaid", within());
    expect(found.address.length).toBeGreaterThan(5);
    expect(simulator.control.requests.at(-1)?.path).toBe(
      "/api/validatemeter?meternumber=45071234567&disconame=1&mtype=prepaid",
    );
    await expect(provider.verifySmartcard("2", "7023454444", within())).rejects.toThrow(
      new VerificationRefused("We could not find a customer with that smartcard number."),
    );
    await expect(provider.verifyMeter("1", "45071234444", "postpaid", within())).rejects.toThrow(
      new VerificationRefused("We could not find a customer with that meter number."),
    );
    await expect(provider.verifySmartcard("9", "7023456789", within())).rejects.toBeInstanceOf(
      ProviderRefused,
    );
  });
});

describe("the vendor account", () => {
  it("reads the wallet in kobo, and the plans of one network with their types", async () => {
    simulator.control.setBalance(123_456_78);
    expect(await adapter().balance(within())).toBe(123_456_78);
    simulator.control.setBalance(100_000_000);
    const mtn = await adapter().variations("1", within());
    expect(mtn).toContainEqual({
      code: "7",
      name: "MTN 1.0GB SME",
      amount: 23_500,
      planType: "sme",
      validity: "30 days",
    });
    expect(new Set(mtn.map((p) => p.planType))).toEqual(new Set(["sme", "corporate_gifting", "gifting"]));
    const glo = await adapter().variations("3", within());
    expect(glo.length).toBeGreaterThan(0);
    expect(glo.every((p) => p.name.startsWith("GLO "))).toBe(true);
  });

  it("fails a purchase the vendor wallet cannot cover, with a low-balance alert", async () => {
    simulator.control.setBalance(1_000);
    try {
      const result = await adapter().buy("ours", airtime(phone()), within());
      expect(result).toMatchObject({ status: "failed", safeToFailOver: true, alert: "low_balance" });
    } finally {
      simulator.control.setBalance(100_000_000);
    }
  });

  it("fails every purchase while the vendor refuses them all, making nothing", async () => {
    const records = recordCount();
    simulator.control.setDown("refuse");
    try {
      const result = await adapter().buy("ours", data(phone(), "1", "7"), within());
      expect(result).toMatchObject({
        status: "failed",
        safeToFailOver: true,
        note: expect.stringContaining("unavailable"),
      });
    } finally {
      simulator.control.setDown(null);
    }
    expect(recordCount()).toBe(records);
  });

  it("takes a wrong token's 401 as the account's trouble: purchases fail over, a requery stays pending", async () => {
    const wrong = adapter(10_000, "not-the-token");
    expect(await wrong.buy("ours", airtime(phone()), within())).toMatchObject({
      status: "failed",
      safeToFailOver: true,
      alert: "account",
    });
    const bought = await adapter().buy("ours", airtime(phone()), within());
    const order = airtime(phone());
    expect(await wrong.requery(lost(order, clock.now(), reference(bought)), within())).toMatchObject({
      status: "pending",
      alert: "account",
    });
    expect(await wrong.requery(lost(order, clock.now()), within())).toMatchObject({
      status: "pending",
      alert: "account",
    });
    await expect(wrong.balance(within())).rejects.toBeInstanceOf(ProviderRefused);
    await expect(wrong.variations("1", within())).rejects.toBeInstanceOf(ProviderRefused);
    await expect(wrong.verifySmartcard("1", "7023456789", within())).rejects.toBeInstanceOf(ProviderRefused);
  });
});

/** The simulator answering in-process, without a server. */
const inProcess =
  (sim: MsorgSimulator): Transport =>
  async ({ method, url, headers, body }) => {
    const response = await sim.app.request(url.toString(), {
      method,
      headers,
      body: body as string | undefined,
    });
    return { status: response.status, text: await response.text() };
  };
/** The adapter talking to `sim` in-process. */
const inProcessProvider = (sim: MsorgSimulator) =>
  createMsorgProvider({
    label: "In process",
    baseUrl: "http://vendor.test/api/",
    token,
    timeoutMs: 2_000,
    transport: inProcess(sim),
  });
const options = (journalPath: string | null, settleAfterMs: number | null): MsorgSimulatorOptions => ({
  token,
  clock,
  journalPath,
  latencyMs: 0,
  settleAfterMs,
  timeoutAnswerMs: slowAnswerMs,
});

describe("the connection and the simulator's memory", () => {
  it("throws NothingSent when the vendor's port is closed", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const closed = createMsorgProvider({
      label: "Closed",
      baseUrl: `http://127.0.0.1:${port}/api/`,
      token,
      timeoutMs: 2_000,
    });
    await expect(closed.buy("ours", airtime(phone()), within())).rejects.toBeInstanceOf(NothingSent);
  });

  it("settles a processing purchase by itself after settleAfterMs", async () => {
    const sim = createMsorgSimulator(options(null, 50));
    try {
      const provider = inProcessProvider(sim);
      const order = airtime(phone("1111"));
      const bought = await provider.buy("ours", order, within());
      expect(bought.status).toBe("pending");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sim.control.records().at(-1)?.status).toBe("successful");
      expect(await provider.requery(lost(order, clock.now(), reference(bought)), within())).toMatchObject({
        status: "successful",
      });
    } finally {
      sim.close();
    }
  });

  it("remembers its records and wallet across a restart", async () => {
    const dir = mkdtempSync(join(tmpdir(), "msorg-journal-"));
    try {
      const journal = join(dir, "msorg.jsonl");
      const first = createMsorgSimulator(options(journal, null));
      const provider = inProcessProvider;
      const order = airtime(phone("1111"));
      const bought = await provider(first).buy("ours", order, within());
      first.close();
      const second = createMsorgSimulator(options(journal, null));
      expect(second.control.balance()).toBe(first.control.balance());
      expect(second.control.records()).toEqual(first.control.records());
      const sent = lost(order, clock.now(), reference(bought));
      await provider(second).requery(sent, within());
      expect(await provider(second).requery(sent, within())).toMatchObject({ status: "successful" });
      second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the list of recent purchases, and a lost purchase found in it", () => {
  /** A fresh simulator (its own records) and the adapter talking to it in-process. */
  function fresh() {
    const sim = createMsorgSimulator(options(null, null));
    const provider = inProcessProvider(sim);
    const list = async (query = "") => {
      const answer = await sim.app.request(`http://vendor.test/api/topup/${query}`, {
        headers: { authorization: `Token ${token}` },
      });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const listed = () => sim.control.requests.filter((r) => r.method === "GET").map((r) => r.path);
    return { sim, provider, list, listed };
  }
  const buyMany = async (provider: ReturnType<typeof fresh>["provider"], n: number) => {
    for (let i = 0; i < n; i++) await provider.buy("ours", airtime(phone()), within());
  };

  it("pages as Django REST framework does: 20 a page, newest first, absolute links, 404 past the last", async () => {
    const { sim, provider, list } = fresh();
    try {
      await buyMany(provider, 45);
      const ids = sim.control
        .records()
        .map((r) => r.id)
        .sort((a, b) => b - a);
      const first = await list();
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        count: 45,
        next: "http://vendor.test/api/topup/?page=2",
        previous: null,
      });
      expect((first.body.results as { id: number }[]).map((r) => r.id)).toEqual(ids.slice(0, 20));
      const second = await list("?page=2");
      expect(second.body).toMatchObject({
        next: "http://vendor.test/api/topup/?page=3",
        previous: "http://vendor.test/api/topup/",
      });
      const last = await list("?page=last");
      expect(last.body).toMatchObject({ next: null, previous: "http://vendor.test/api/topup/?page=2" });
      expect((last.body.results as { id: number }[]).map((r) => r.id)).toEqual(ids.slice(40));
      for (const page of ["4", "0", "two"])
        expect(await list(`?page=${page}`)).toEqual({ status: 404, body: { detail: "Invalid page." } });
    } finally {
      sim.close();
    }
  });

  it("finds a purchase whose answer was lost after 30 later ones, on page 2", async () => {
    const { sim, provider, listed } = fresh();
    try {
      const order = airtime(phone("6666"));
      const sentAt = clock.now();
      expect((await provider.buy("ours", order, within())).status).toBe("pending");
      const made = sim.control.records().at(-1);
      await buyMany(provider, 30);
      clock.advance(60_000);
      expect(await provider.requery(lost(order, sentAt), within())).toMatchObject({
        status: "successful",
        providerReference: String(made?.id),
      });
      expect(listed()).toEqual(["/api/topup/", "/api/topup/?page=2"]);
    } finally {
      sim.close();
    }
  });

  it("leaves it pending at a vendor listing only its newest 20, or whose second page fails", async () => {
    const { sim, provider } = fresh();
    try {
      const order = airtime(phone("6666"));
      const sentAt = clock.now();
      await provider.buy("ours", order, within());
      await buyMany(provider, 30);
      sim.control.setListing({ kind: "newest", count: 20 });
      const newest = await provider.requery(lost(order, sentAt), within());
      expect(newest).toMatchObject({ status: "pending", alert: "mismatch" });
      expect(newest).not.toHaveProperty("unknownRequest");
      sim.control.setListing({ kind: "broken", fromPage: 2 });
      const broken = await provider.requery(lost(order, sentAt), within());
      expect(broken.status).toBe("pending");
      expect(broken).not.toHaveProperty("unknownRequest");
      expect(broken.note).toContain("page 2 answered HTTP 502");
      sim.control.setListing({ kind: "pages" });
      expect((await provider.requery(lost(order, sentAt), within())).status).toBe("successful");
    } finally {
      sim.close();
    }
  });
});
