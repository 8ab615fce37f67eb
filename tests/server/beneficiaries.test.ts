import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BeneficiaryBody, maxBeneficiaries } from "../../schemas/beneficiaries";
import { beneficiaries, dataPlans } from "../../server/db/schema";
import { naira, serverForFile } from "./support/serverForFile";

const server = serverForFile();

const save = (token: string, body: unknown) =>
  server.send("POST /core/customer/beneficiaries", { token, body: body as BeneficiaryBody });
const list = (token: string) => server.sendOk("GET /core/customer/beneficiaries", { token });

const mum = { nickname: "  Mum ", kind: "phone", number: "+2348031234567", network_id: 1 } as const;
const decoder = {
  nickname: "Sitting room",
  kind: "smartcard",
  number: "7023456789",
  provider_id: 1,
} as const;
const meter = {
  nickname: "Home",
  kind: "meter",
  number: "45071234567",
  disco_id: 6,
  meter_type: "prepaid",
} as const;

describe("saved recipients", () => {
  it("are saved for each kind, trimmed and kept as the purchase keeps them, and listed by nickname", async () => {
    const c = await server.signedInCustomer();
    for (const body of [mum, decoder, meter]) expect((await save(c.token, body)).status).toBe(201);
    const saved = await list(c.token);
    expect(saved.map((b) => [b.nickname, b.kind, b.number, b.target])).toEqual([
      ["Home", "meter", "45071234567", "Ikeja Electric (IKEDC)"],
      ["Mum", "phone", "08031234567", "MTN"],
      ["Sitting room", "smartcard", "7023456789", "DStv"],
    ]);
    expect(saved[0]).toMatchObject({
      disco_id: 6,
      meter_type: "prepaid",
      network_id: null,
      verified_name: null,
    });
    expect(saved[1]).toMatchObject({ network_id: 1, provider_id: null, disco_id: null, meter_type: null });
  });

  it("are refused as the purchase they serve would refuse them, each field by name", async () => {
    const c = await server.signedInCustomer();
    const cases: [unknown, string[]][] = [
      [{ ...mum, number: "0803123" }, ["number"]],
      [{ ...mum, network_id: undefined }, ["network_id"]],
      [{ ...mum, network_id: 99 }, ["network_id"]],
      [{ ...mum, nickname: "   " }, ["nickname"]],
      [{ ...mum, nickname: "x".repeat(31) }, ["nickname"]],
      [{ ...mum, provider_id: 1 }, [""]],
      [{ ...decoder, number: "12ab" }, ["number"]],
      [{ ...decoder, provider_id: 999 }, ["provider_id"]],
      [{ ...meter, meter_type: "smart" }, ["meter_type"]],
      [{ ...meter, disco_id: 0 }, ["disco_id"]],
      [{ ...meter, meter_type: undefined }, ["meter_type"]],
      [{ ...mum, kind: "email" }, ["kind"]],
    ];
    for (const [body, fields] of cases) {
      const answer = await save(c.token, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const named = Object.keys(answer.body.fields ?? {});
      for (const field of fields) if (field) expect(named, JSON.stringify(body)).toContain(field);
      expect(answer.body.msg).toBeTruthy();
    }
    expect(await list(c.token)).toEqual([]);
  });

  it("keep one entry per number and target: the same again is a 409, another network is another entry", async () => {
    const c = await server.signedInCustomer();
    expect((await save(c.token, mum)).status).toBe(201);
    const again = await save(c.token, { ...mum, nickname: "Mother", number: "08031234567" });
    expect(again).toMatchObject({ status: 409, body: { code: "already_exists" } });
    expect(again.body.fields?.number).toEqual(["You have saved this number already."]);
    expect((await save(c.token, { ...mum, network_id: 2 })).status).toBe(201);
    expect(await list(c.token)).toHaveLength(2);
  });

  it(`stop at ${maxBeneficiaries} a customer, even when many are saved at once`, async () => {
    const c = await server.signedInCustomer();
    const numbers = Array.from({ length: maxBeneficiaries + 10 }, (_, i) => `0803${String(1_000_000 + i)}`);
    const answers = await Promise.all(
      numbers.map((number, i) => save(c.token, { ...mum, nickname: `N${i}`, number })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(maxBeneficiaries);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.body.code)).toEqual(Array(10).fill("not_allowed"));
    expect(refused[0]?.body.msg).toBe(
      "You have 50 saved recipients already. Delete one you no longer use first.",
    );
    const rows = await server.db.select().from(beneficiaries).where(eq(beneficiaries.userId, c.id));
    expect(rows).toHaveLength(maxBeneficiaries);
    // Another customer's count is their own.
    const other = await server.signedInCustomer();
    expect((await save(other.token, mum)).status).toBe(201);
  });

  it("are renamed and deleted by their owner only; another's is not found", async () => {
    const owner = await server.signedInCustomer();
    const stranger = await server.signedInCustomer();
    const created = (await save(owner.token, mum)).data;
    if (!created) throw new Error("not saved");
    const params = { id: created.id };
    const renamed = await server.send("PATCH /core/customer/beneficiaries/:id", {
      token: owner.token,
      params,
      body: { nickname: " Mama " },
    });
    expect(renamed).toMatchObject({ status: 200, data: { nickname: "Mama", number: "08031234567" } });
    const blank = await server.send("PATCH /core/customer/beneficiaries/:id", {
      token: owner.token,
      params,
      body: { nickname: "" },
    });
    expect(blank.status).toBe(400);
    expect(Object.keys(blank.body.fields ?? {})).toEqual(["nickname"]);

    for (const key of [
      "PATCH /core/customer/beneficiaries/:id",
      "DELETE /core/customer/beneficiaries/:id",
    ] as const) {
      const answer = await server.send(key, { token: stranger.token, params, body: { nickname: "Mine" } });
      expect(answer).toMatchObject({ status: 404, body: { msg: "No such saved recipient." } });
    }
    expect((await list(owner.token))[0]?.nickname).toBe("Mama");

    const gone = await server.send("DELETE /core/customer/beneficiaries/:id", { token: owner.token, params });
    expect(gone).toMatchObject({ status: 200, data: { id: created.id } });
    expect(await list(owner.token)).toEqual([]);
    const twice = await server.send("DELETE /core/customer/beneficiaries/:id", {
      token: owner.token,
      params,
    });
    expect(twice.status).toBe(404);
  });

  it("show the name the provider gave at the last verification, for the customer who saved them only", async () => {
    const c = await server.signedInCustomer();
    const other = await server.signedInCustomer();
    await save(c.token, decoder);
    await save(c.token, meter);
    await save(other.token, decoder);
    const tv = await server.sendOk("POST /core/customer/tv", {
      token: c.token,
      body: { action: "verify", provider_id: 1, smartcard: decoder.number },
    });
    const power = await server.sendOk("POST /core/customer/electricity", {
      token: c.token,
      body: { action: "verify", disco_id: 6, meter_number: meter.number, meter_type: "prepaid" },
    });
    const saved = await list(c.token);
    const byKind = Object.fromEntries(saved.map((b) => [b.kind, b]));
    expect(byKind.smartcard?.verified_name).toBe(tv.customer_name);
    expect(byKind.meter?.verified_name).toBe(power.customer_name);
    expect(byKind.meter?.verified_at).toMatch(/^\d{4}-/);
    expect((await list(other.token))[0]?.verified_name).toBeNull();

    // A number verified but not saved stays unsaved.
    await server.sendOk("POST /core/customer/tv", {
      token: c.token,
      body: { action: "verify", provider_id: 2, smartcard: "7023456780" },
    });
    expect(await list(c.token)).toHaveLength(2);
  });
});

describe("a saved number's name", () => {
  it("comes from the latest purchase for it too, since buying checks the number with the provider again", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const created = (await save(c.token, meter)).data;
    expect(created?.verified_name).toBeNull();
    const bought = await server.sendOk("POST /core/customer/electricity", {
      token: c.token,
      body: {
        action: "buy",
        disco_id: 6,
        meter_number: meter.number,
        meter_type: "prepaid",
        amount: naira(2000),
        phone: "08031234567",
        pin: c.pin,
        request_id: crypto.randomUUID(),
      },
    });
    const name = "customer_name" in bought ? bought.customer_name : null;
    expect(name).toBeTruthy();
    const [listed] = await list(c.token);
    expect(listed).toMatchObject({ verified_name: name, verified_at: expect.stringMatching(/^\d{4}-/) });
  });

  it("is saved once when the same number is saved many times at once", async () => {
    const c = await server.signedInCustomer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(c.token, decoder)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(await list(c.token)).toHaveLength(1);
  });
});

describe("buying again", () => {
  it("answers each kind's order from the purchase, and says when its plan is switched off now", async () => {
    const c = await server.fundedCustomer(naira(60_000));
    const airtime = await server.boughtAirtime(c, "08031234567", naira(500));
    const again = await server.sendOk("GET /core/customer/buy-again/:id", {
      token: c.token,
      params: { id: airtime.id },
    });
    expect(again).toEqual({
      kind: "airtime",
      order: { network_id: 1, phone: "08031234567", amount: naira(500) },
      unavailable: null,
    });

    const [plan] = await server.db.select().from(dataPlans).where(eq(dataPlans.networkId, 2)).limit(1);
    if (!plan) throw new Error("no Glo plan");
    const data = await server.sendOk("POST /core/customer/data-bundle", {
      token: c.token,
      body: { plan_id: plan.id, phone: "08051234567", pin: c.pin, request_id: crypto.randomUUID() },
    });
    await server.db.update(dataPlans).set({ enabled: false }).where(eq(dataPlans.id, plan.id));
    try {
      const dataAgain = await server.sendOk("GET /core/customer/buy-again/:id", {
        token: c.token,
        params: { id: "id" in data ? data.id : "" },
      });
      expect(dataAgain).toEqual({
        kind: "data",
        order: { network_id: 2, plan_id: plan.id, phone: "08051234567" },
        unavailable: `${plan.name} is not available right now.`,
      });
    } finally {
      await server.db.update(dataPlans).set({ enabled: true }).where(eq(dataPlans.id, plan.id));
    }

    const power = await server.sendOk("POST /core/customer/electricity", {
      token: c.token,
      body: {
        action: "buy",
        disco_id: 6,
        meter_number: meter.number,
        meter_type: "prepaid",
        amount: naira(3000),
        phone: "08031234567",
        pin: c.pin,
        request_id: crypto.randomUUID(),
      },
    });
    const powerAgain = await server.sendOk("GET /core/customer/buy-again/:id", {
      token: c.token,
      params: { id: "id" in power ? power.id : "" },
    });
    expect(powerAgain).toEqual({
      kind: "electricity",
      order: {
        disco_id: 6,
        meter_number: meter.number,
        meter_type: "prepaid",
        amount: naira(3000),
        phone: "08031234567",
      },
      unavailable: null,
    });
  });

  it("is not found for another customer's purchase or a funding", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const other = await server.signedInCustomer();
    const bought = await server.boughtAirtime(c, "08031234567", naira(200));
    const theirs = await server.send("GET /core/customer/buy-again/:id", {
      token: other.token,
      params: { id: bought.id },
    });
    expect(theirs.status).toBe(404);
    const history = await server.sendOk("GET /core/customer/transactions", {
      token: c.token,
      query: { kind: "funding" },
    });
    const funding = history.results[0];
    if (!funding) throw new Error("no funding");
    const notAPurchase = await server.send("GET /core/customer/buy-again/:id", {
      token: c.token,
      params: { id: funding.id },
    });
    expect(notAPurchase.status).toBe(404);
    const unknown = await server.send("GET /core/customer/buy-again/:id", {
      token: c.token,
      params: { id: "not-a-uuid" },
    });
    expect(unknown.status).toBe(404);
  });
});
