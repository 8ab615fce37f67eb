import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
 * VTpass's education services (WAEC result checkers and registration, JAMB) through the adapter:
 * against the simulator over real HTTP, each answer shape and trigger number, and against a stand-in
 * answering the JSON VTpass documents, word for word.
 */
const clock = new TestClock(new Date("2026-03-02T09:00:00.000Z")); // 10:00 in Lagos
const keys = simulatorKeys.vtpass;
let simulator: VtpassSimulator;
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  simulator = createVtpassSimulator({ keys, clock, journalPath: null, latencyMs: 0, timeoutAnswerMs: 3_000 });
  const served = await serveOnLoopback(simulator);
  base = `${served.origin}api/`;
  close = served.stop;
});
afterAll(() => close());

const adapter = (url = base) => createVtpassProvider({ baseUrl: url, ...keys, timeoutMs: 10_000 });
const within = (ms = 2_000) => AbortSignal.timeout(ms);
let counter = 0;
/** A fresh phone for each purchase, ending as asked (the simulator's triggers read the last four digits). */
const phone = (ending = "5678") => `080${String(3_000 + ++counter).padStart(4, "0")}${ending}`;

type ExamOrder = Extract<ProviderOrder, { service: "exam_pin" }>;
const waec = (to: string, quantity = 1): ExamOrder => ({
  service: "exam_pin",
  serviceId: "waec",
  variationCode: "waecdirect",
  productId: 1,
  quantity,
  phone: to,
  amount: 384_150 * quantity,
});
const registration = (to: string, quantity = 1): ExamOrder => ({
  ...waec(to, quantity),
  serviceId: "waec-registration",
  variationCode: "waec-registraion",
  productId: 2,
  amount: 2_413_250 * quantity,
});
const jamb = (to: string, profileId = "0123456789", variationCode = "utme-mock"): ExamOrder => ({
  ...waec(to),
  serviceId: "jamb",
  variationCode,
  productId: 5,
  profileId,
  amount: 758_450,
});

async function buy(order: ExamOrder, signal = within()) {
  const provider = adapter();
  const requestId = provider.newRequestId(clock.now());
  return { requestId, result: await provider.buy(requestId, order, signal), provider };
}
const sent = (requestId: string, order: ExamOrder): SentAttempt => ({
  requestId,
  providerReference: null,
  order,
  sentAt: clock.now(),
});
const pinsOf = (result: ProviderResult) => (result.status === "successful" ? result.vouchers : undefined);

describe("buying exam PINs from the simulator", () => {
  it("delivers WAEC result checkers as cards, one PIN and serial each, as many as bought", async () => {
    const order = waec(phone(), 3);
    const { requestId, result, provider } = await buy(order);
    expect(result).toMatchObject({ status: "successful", providerReference: expect.stringMatching(/^\d+$/) });
    const pins = pinsOf(result) ?? [];
    expect(pins).toHaveLength(3);
    for (const card of pins)
      expect(card).toEqual({
        pin: expect.stringMatching(/^\d{12}$/),
        serial: expect.stringMatching(/^WRN\d{9}$/),
      });
    expect(new Set(pins.map((p) => p.pin)).size).toBe(3);
    // A PIN is never read as an electricity token: tokens are kept in clear and listed.
    expect(result).not.toHaveProperty("token");
    expect(result.note).not.toContain(pins[0]?.pin);
    expect(simulator.control.requests.at(-1)?.body).toEqual({
      request_id: requestId,
      serviceID: "waec",
      variation_code: "waecdirect",
      quantity: 3,
      phone: order.phone,
    });
    // The requery repeats the same cards.
    expect(pinsOf(await provider.requery(sent(requestId, order), within()))).toEqual(pins);
  });

  it("delivers WAEC registration PINs as tokens, without serials", async () => {
    const { result } = await buy(registration(phone(), 2));
    expect(pinsOf(result)).toEqual([
      { pin: expect.stringMatching(/^\d{19}$/), serial: null },
      { pin: expect.stringMatching(/^\d{19}$/), serial: null },
    ]);
  });

  it("delivers one JAMB PIN for the profile ID sent as billersCode, and the record names the profile", async () => {
    const order = jamb(phone(), "0123456789", "de");
    const { requestId, result } = await buy(order);
    expect(pinsOf(result)).toEqual([{ pin: expect.stringMatching(/^\d{16}$/), serial: null }]);
    expect(simulator.control.requests.at(-1)?.body).toMatchObject({
      serviceID: "jamb",
      variation_code: "de",
      billersCode: "0123456789",
      quantity: 1,
    });
    expect(simulator.control.transaction(requestId)).toMatchObject({ recipient: "0123456789" });
  });

  it("fails a JAMB PIN for a profile ID that does not verify, whatever the phone", async () => {
    const { result } = await buy(jamb(phone(), "0000004444"));
    expect(result).toMatchObject({ status: "failed", safeToFailOver: true });
  });

  it("applies the trigger endings to the phone: 0000 fails, 1111 and 2222 settle on the second requery", async () => {
    expect((await buy(waec(phone("0000")))).result).toMatchObject({ status: "failed", safeToFailOver: true });
    for (const [ending, settled] of [
      ["1111", "successful"],
      ["2222", "failed"],
    ] as const) {
      const order = waec(phone(ending), 2);
      const { requestId, result, provider } = await buy(order);
      expect(result.status, ending).toBe("pending");
      const first = await provider.requery(sent(requestId, order), within());
      const second = await provider.requery(sent(requestId, order), within());
      expect([first.status, second.status], ending).toEqual(["pending", settled]);
      if (settled === "successful") expect(pinsOf(second)).toHaveLength(2);
    }
  });

  it("leaves a purchase that never answered (3333) to the requery, which finds its PINs", async () => {
    const order = waec(phone("3333"), 2);
    const provider = adapter();
    const requestId = provider.newRequestId(clock.now());
    await expect(provider.buy(requestId, order, within(300))).rejects.toThrow();
    expect(pinsOf(await provider.requery(sent(requestId, order), within()))).toHaveLength(2);
  });

  it("answers a delivery showing fewer PINs, or none, with what it shows: the core keeps it pending", async () => {
    const order = waec(phone("1111"), 3);
    const { requestId, provider } = await buy(order);
    simulator.control.scriptRequery(requestId, { code: "000", status: "delivered", pins: 2, keep: "none" });
    expect(pinsOf(await provider.requery(sent(requestId, order), within()))).toHaveLength(2);
    expect(pinsOf(await provider.requery(sent(requestId, order), within()))).toHaveLength(3);
    const bare = waec(phone(), 1);
    simulator.control.script(bare.phone, { code: "000", status: "delivered", pins: 0 });
    const { result } = await buy(bare);
    expect(result).toMatchObject({ status: "successful" });
    expect(result).not.toHaveProperty("vouchers");
  });

  it("refuses a quantity VTpass does not sell (031, 032) and an unknown variation (010)", async () => {
    const above = await buy(waec(phone(), 13));
    expect(above.result).toMatchObject({ status: "failed", reason: expect.stringMatching(/quantity/) });
    const below = await buy(waec(phone(), 0));
    expect(below.result).toMatchObject({ status: "failed" });
    const unknown = await buy({ ...waec(phone()), variationCode: "waec-gold" });
    expect(unknown.result).toMatchObject({ status: "failed", safeToFailOver: true });
  });
});

describe("the catalogue and the candidate's check", () => {
  it("lists each education service's variations with VTpass's published codes, in kobo", async () => {
    const provider = adapter();
    expect(await provider.variations("waec", within())).toEqual([
      { code: "waecdirect", name: expect.any(String), amount: 390_000 },
    ]);
    expect((await provider.variations("waec-registration", within())).map((v) => v.code)).toEqual([
      "waec-registraion",
    ]);
    expect(await provider.variations("jamb", within())).toEqual([
      { code: "utme-mock", name: "UTME PIN (with mock)", amount: 770_000 },
      { code: "utme-no-mock", name: "UTME PIN (without mock)", amount: 620_000 },
      { code: "de", name: expect.any(String), amount: 620_000 },
    ]);
  });

  it("verifies VTpass's sandbox profile ID with the PIN's variation as type, and refuses one it cannot find", async () => {
    const provider = adapter();
    const found = await provider.verifyCandidate?.("jamb", "utme-mock", "0123456789", within());
    expect(found?.customer_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(simulator.control.requests.at(-1)?.body).toEqual({
      billersCode: "0123456789",
      serviceID: "jamb",
      type: "utme-mock",
    });
    await expect(provider.verifyCandidate?.("jamb", "utme-mock", "0000004444", within())).rejects.toThrow(
      VerificationRefused,
    );
    // A variation JAMB does not have is VTpass refusing the request, not the candidate.
    const refused = provider.verifyCandidate?.("jamb", "utme-gold", "0123456789", within());
    await expect(refused).rejects.toThrow(ProviderRefused);
    await expect(refused).rejects.not.toThrow(VerificationRefused);
  });
});

describe("the simulator's memory", () => {
  it("keeps each purchase's PINs across a restart, so a requery after it answers the same ones", async () => {
    const dir = mkdtempSync(join(tmpdir(), "vtpass-education-"));
    const journalPath = join(dir, "vtpass.jsonl");
    const startOne = async () => {
      const sim = createVtpassSimulator({ keys, clock, journalPath, latencyMs: 0 });
      const served = await serveOnLoopback(sim);
      return { provider: adapter(`${served.origin}api/`), stop: served.stop };
    };
    try {
      const order = waec(phone(), 2);
      const first = await startOne();
      const requestId = first.provider.newRequestId(clock.now());
      const bought = pinsOf(await first.provider.buy(requestId, order, within()));
      await first.stop();
      const second = await startOne();
      expect(pinsOf(await second.provider.requery(sent(requestId, order), within()))).toEqual(bought);
      await second.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** VTpass's documented answers (its API pages for each service), word for word but for the layout. */
const documented = {
  waec: {
    code: "000",
    content: {
      transactions: {
        status: "delivered",
        product_name: "WAEC Result Checker PIN",
        unique_element: "08011111111",
        unit_price: 900,
        quantity: 1,
        type: "Education",
        transactionId: "1582290782154",
      },
    },
    response_description: "TRANSACTION SUCCESSFUL",
    requestId: "20250218124018-c3pwwi49eid",
    amount: "900.00",
    purchased_code: "Serial No:WRN123456790, pin: 098765432112",
    cards: [{ Serial: "WRN123456790", Pin: "098765432112" }],
  },
  registration: {
    code: "000",
    content: {
      transactions: {
        status: "delivered",
        product_name: "WAEC Registration PIN",
        unique_element: "08011111111",
        transactionId: "1582290782154",
      },
    },
    response_description: "TRANSACTION SUCCESSFUL",
    requestId: "20250218130312-78654567",
    amount: 14450,
    purchased_code: "Token: 0100070365657400875",
    tokens: ["0100070365657400875"],
  },
  jamb: {
    code: "000",
    content: {
      transactions: {
        status: "delivered",
        product_name: "JAMB PIN VENDING (UTME & Direct Entry)",
        unique_element: "0123456789",
        unit_price: "7700.00",
        transactionId: "17398810413069178444218360",
      },
    },
    response_description: "TRANSACTION SUCCESSFUL",
    requestId: "20250218131720-0rjx1p27xnj",
    amount: 7700,
    purchased_code: "Pin : 3678251321392432",
    Pin: "Pin : 3678251321392432",
  },
};

/** The adapter against a stand-in answering every call with `body`, asked about `order` under `requestId`. */
async function answeredWith(body: unknown, order: ExamOrder, requestId: string) {
  const vtpass = await vtpassStandIn((response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  });
  try {
    return {
      bought: await vtpass.provider.buy(requestId, order, within()),
      requeried: await vtpass.provider.requery(sent(requestId, order), within()),
    };
  } finally {
    await vtpass.close();
  }
}

describe("VTpass's documented answers", () => {
  it("reads each service's PINs on pay and on requery", async () => {
    const cases = [
      [documented.waec, waec("08011111111"), [{ pin: "098765432112", serial: "WRN123456790" }]],
      [documented.registration, registration("08011111111"), [{ pin: "0100070365657400875", serial: null }]],
      [documented.jamb, jamb("123450987623"), [{ pin: "3678251321392432", serial: null }]],
    ] as const;
    for (const [body, order, pins] of cases) {
      const { bought, requeried } = await answeredWith(body, order, body.requestId);
      expect(bought, order.serviceId).toMatchObject({ status: "successful", vouchers: pins });
      expect(requeried, order.serviceId).toMatchObject({ status: "successful", vouchers: pins });
      expect(bought).not.toHaveProperty("token");
    }
  });

  it("reads the PINs from the words when the cards are missing or garbled, and keeps the most it can read", async () => {
    const words = "Serial No:WRN100000001, pin: 111111111111 || Serial No:WRN100000002, pin: 222222222222";
    const garbled = { ...documented.waec, purchased_code: words, cards: [{ Serial: "WRN100000001" }, "?"] };
    const { bought } = await answeredWith(garbled, waec("08011111111", 2), documented.waec.requestId);
    expect(pinsOf(bought)).toEqual([
      { pin: "111111111111", serial: "WRN100000001" },
      { pin: "222222222222", serial: "WRN100000002" },
    ]);
    const { cards: _none, purchased_code: _either, ...unreadable } = documented.waec;
    const { bought: bare } = await answeredWith(unreadable, waec("08011111111"), documented.waec.requestId);
    expect(bare).toMatchObject({ status: "successful" });
    expect(bare).not.toHaveProperty("vouchers");
  });

  it("takes no JAMB record about another profile ID for this purchase's", async () => {
    const { bought } = await answeredWith(
      documented.jamb,
      jamb("123450987623", "9876543210"),
      documented.jamb.requestId,
    );
    expect(bought).toMatchObject({ status: "pending", alert: "mismatch" });
    expect(bought).not.toHaveProperty("vouchers");
  });

  it("verifies a profile ID as documented, and tells a profile not found from a refused or garbled call", async () => {
    const answers: Record<string, unknown> = {
      "0123456789": {
        code: "000",
        content: {
          Customer_Name: "Capital James",
          commission_details: {
            amount: 10.22,
            rate: "1.50",
            rate_type: "percent",
            computation_type: "default",
          },
        },
      },
      "0000004444": { code: "000", content: { error: "Invalid Profile ID", WrongBillersCode: true } },
      "1111111111": { code: "087", response_description: "INVALID CREDENTIALS" },
    };
    const vtpass = await vtpassStandIn((response, call) => {
      const asked = JSON.parse(call.body) as { billersCode: string };
      const answer = answers[asked.billersCode];
      response.writeHead(answer ? 200 : 502, { "content-type": answer ? "application/json" : "text/html" });
      response.end(answer ? JSON.stringify(answer) : "<html>Bad Gateway</html>");
    });
    try {
      const check = (profile: string) =>
        vtpass.provider.verifyCandidate?.("jamb", "utme-mock", profile, within());
      expect(await check("0123456789")).toEqual({ customer_name: "Capital James" });
      await expect(check("0000004444")).rejects.toThrow(VerificationRefused);
      for (const profile of ["1111111111", "2222222222"]) {
        const refused = check(profile);
        await expect(refused).rejects.toThrow(ProviderRefused);
        await expect(refused).rejects.not.toThrow(VerificationRefused);
      }
    } finally {
      await vtpass.close();
    }
  });
});
