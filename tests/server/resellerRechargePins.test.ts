import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../server/db/schema";
import { msorgRechargeTriggers } from "../../server/outside/msorg/simulator/msorgSimulator";
import { deliverDueWebhooks } from "../../server/services/webhooks/webhookOutbox";
import { expectPinsNeitherLoggedNorInHistory } from "./support/deliveredPinReads";
import { keyedBuyers } from "./support/keyedBuyers";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

// Recharge cards bought with an API key, in the market's dialect (`rechargepin/`) and through the v1
// API (`kind: "recharge_pin"`): the cards in the purchase's own answer and its read, never in a list or
// a webhook. The simulated vendor is the only seller of cards.

// The receiver is on this machine: the test allows a private address, which production never does.
const server = serverForFile({ WEBHOOK_ALLOW_PRIVATE: "true" });
const { reseller, dialect, v1, received } = keyedBuyers(server);

/** The cards the simulated vendor made for its newest record. */
const vendorCards = () => server.msorg.records().at(-1)?.pins ?? [];
/** Every card the simulated vendor ever delivered: none may appear where PINs must not. */
const everyPin = () =>
  server.msorg
    .records()
    .flatMap((record) => record.pins ?? [])
    .map((card) => card.pin);

/** An MTN ₦200 card as user/'s Rechargepin lists it to this key. */
async function mtn200(key: string): Promise<{ id: number; network: number; price: string }> {
  const account = await dialect("GET", "user/", key);
  const found = account.json.Rechargepin.find(
    (card: { plan_network: string; amount: string }) =>
      card.plan_network === "MTN" && card.amount === "200.00",
  );
  if (!found) throw new Error("no MTN ₦200 card in user/'s Rechargepin");
  return found;
}

describe("rechargepin/ in the market's dialect", () => {
  it("lists every card with its network_amount id and one card's price at the level in user/'s Rechargepin", async () => {
    const holder = await reseller();
    const account = await dialect("GET", "user/", holder.key);
    expect(account.json.Rechargepin).toHaveLength(16);
    const catalogue = await v1("GET", "catalogue", holder.key);
    const card = catalogue.json.data.recharge_pins.find(
      (c: { network: string; denomination: number }) => c.network === "MTN" && c.denomination === 20_000,
    );
    expect(await mtn200(holder.key)).toEqual({
      id: card.id,
      network: 1,
      plan_network: "MTN",
      amount: "200.00",
      price: (card.price / 100).toFixed(2),
    });
  });

  it("prints cards without a PIN of ours, answering each card's PIN, serial and load code as the vendors do", async () => {
    const holder = await reseller();
    const before = await walletBalance(server.db, holder.id);
    const card = await mtn200(holder.key);
    const bought = await dialect("POST", "rechargepin/", holder.key, {
      network: 1,
      network_amount: String(card.id),
      quantity: "3",
      name_on_card: "Ade Stores",
    });
    expect(bought.status).toBe(201);
    const cards = vendorCards();
    expect(cards).toHaveLength(3);
    expect(bought.json).toMatchObject({
      Status: "successful",
      refund: false,
      network: 1,
      quantity: 3,
      name_on_card: "Ade Stores",
      pin: cards.map((c) => c.pin).join(","),
      serial: cards.map((c) => c.serial).join(","),
      load_pin: cards.map((c) => `*311*${c.pin}#`).join(","),
    });
    expect(await walletBalance(server.db, holder.id)).toBe(before - 3 * Math.round(Number(card.price) * 100));

    const read = await dialect("GET", `rechargepin/${bought.json.id}/`, holder.key);
    expect(read.json).toEqual(bought.json);
    const listed = await dialect("GET", "rechargepin/", holder.key);
    expect(listed.json.results).toEqual([expect.objectContaining({ id: bought.json.id, quantity: 3 })]);
    expect(listed.json.results[0]).not.toHaveProperty("pin");
    for (const pin of everyPin()) expect(JSON.stringify(listed.json)).not.toContain(pin);
    const other = await reseller();
    expect((await dialect("GET", `rechargepin/${bought.json.id}/`, other.key)).status).toBe(404);
  });

  it("keeps a purchase the vendor delivered a card short pending, its money held and no card kept", async () => {
    const holder = await reseller();
    const card = await mtn200(holder.key);
    const bought = await dialect("POST", "rechargepin/", holder.key, {
      network: 1,
      network_amount: card.id,
      quantity: msorgRechargeTriggers.shortOfCards,
      name_on_card: "Ade Stores",
    });
    expect(bought.json).toMatchObject({ Status: "processing", refund: false });
    const [row] = await server.db.select().from(transactions).where(eq(transactions.id, bought.json.id));
    expect(row).toMatchObject({ status: "pending", vouchers: null });
  });

  it("gives the money back when the vendor's record fails", async () => {
    const holder = await reseller();
    const before = await walletBalance(server.db, holder.id);
    const card = await mtn200(holder.key);
    const bought = await dialect("POST", "rechargepin/", holder.key, {
      network: 1,
      network_amount: card.id,
      quantity: msorgRechargeTriggers.failed,
      name_on_card: "Ade Stores",
    });
    expect(bought.json).toMatchObject({ Status: "failed", refund: true });
    expect(await walletBalance(server.db, holder.id)).toBe(before);
  });

  it.each([
    [{ network_amount: 1, quantity: 1, name_on_card: "Ade" }, "network"],
    [{ network: 1, quantity: 1, name_on_card: "Ade" }, "network_amount"],
    [{ network: 2, network_amount: 1, quantity: 1, name_on_card: "Ade" }, "network_amount"],
    [{ network: 1, network_amount: 999, quantity: 1, name_on_card: "Ade" }, "network_amount"],
    [{ network: 1, network_amount: 1, quantity: 101, name_on_card: "Ade" }, "quantity"],
    [{ network: 1, network_amount: 1, quantity: 0, name_on_card: "Ade" }, "quantity"],
    [{ network: 1, network_amount: 1, quantity: 1 }, "name_on_card"],
    [{ network: 1, network_amount: 1, quantity: 1, name_on_card: "" }, "name_on_card"],
    [{ network: 1, network_amount: 1, quantity: 1, name_on_card: "x".repeat(31) }, "name_on_card"],
  ])(
    "refuses %j with a 400 in the vendors' shape (an error list), naming %s, buying nothing",
    async (body, field) => {
      const holder = await reseller();
      const answer = await dialect("POST", "rechargepin/", holder.key, body);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: [expect.stringContaining(field)] });
      expect((await dialect("GET", "rechargepin/", holder.key)).json.count).toBe(0);
    },
  );
});

describe("recharge_pin in the v1 API", () => {
  const body = (change: Record<string, unknown> = {}) => ({
    kind: "recharge_pin",
    network_id: 4,
    denomination: 10_000,
    quantity: 2,
    name_on_card: "Ade Stores",
    request_id: crypto.randomUUID(),
    ...change,
  });

  it("buys with a key, answering and reading the purchase with its cards and what to print", async () => {
    const holder = await reseller();
    const sent = body();
    const bought = await v1("POST", "purchases", holder.key, sent);
    expect(bought.status).toBe(200);
    const pins = vendorCards().map((c) => ({ ...c, load_code: `*311*${c.pin}#` }));
    expect(bought.json.data).toMatchObject({
      kind: "recharge_pin",
      status: "successful",
      request_id: sent.request_id,
      pins,
      cards: { network: "Airtel", denomination: 10_000, name_on_card: "Ade Stores" },
    });
    const byRequest = await v1("GET", `purchases/${sent.request_id}`, holder.key);
    expect(byRequest.json.data).toEqual(bought.json.data);
    const records = server.msorg.records().length;
    expect((await v1("POST", "purchases", holder.key, sent)).json.data).toEqual(bought.json.data);
    expect(server.msorg.records()).toHaveLength(records);
  });

  it.each([
    [{ quantity: 101 }, "quantity"],
    [{ denomination: 15_000 }, "denomination"],
    [{ name_on_card: "" }, "name_on_card"],
    [{ network_id: 9 }, "network_id"],
    [{ pin: "1357" }, "pin"],
  ])("refuses %j with a 400 naming %s", async (change, field) => {
    const holder = await reseller();
    const answer = await v1("POST", "purchases", holder.key, body(change));
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ status: false, fields: { [field]: expect.any(Array) } });
  });

  it("is in the OpenAPI document: the body's recharge_pin kind and name_on_card, and the cards' print", async () => {
    const document = JSON.stringify(await (await server.app.request("/api/openapi.json")).json());
    expect(document).toContain('"recharge_pin"');
    expect(document).toContain("name_on_card");
    expect(document).toContain("load_code");
  });
});

describe("webhooks of recharge card purchases", () => {
  it("fire for each purchase in its dialect, and carry no card: the program fetches the purchase", async () => {
    const holder = await reseller();
    const card = await mtn200(holder.key);
    const record = await dialect("POST", "rechargepin/", holder.key, {
      network: 1,
      network_amount: card.id,
      quantity: 2,
      name_on_card: "Ade Stores",
    });
    const bought = await v1("POST", "purchases", holder.key, {
      kind: "recharge_pin",
      network_id: 2,
      denomination: 50_000,
      quantity: 1,
      name_on_card: "Ade Stores",
      request_id: crypto.randomUUID(),
    });
    expect(await deliverDueWebhooks(server.deps)).toBe(2);
    const bodies = received().map((hook) => JSON.parse(hook.body));
    const { pin: _pin, serial: _serial, load_pin: _load, ...withoutCards } = record.json;
    const { pins: _v1Pins, cards: _print, ...v1WithoutCards } = bought.json.data;
    expect(bodies).toEqual(
      expect.arrayContaining([withoutCards, { event: "purchase.settled", data: v1WithoutCards }]),
    );
    for (const hook of received()) for (const pin of everyPin()) expect(hook.body).not.toContain(pin);
  });
});

describe("the cards bought in this file", () => {
  it("are in no log line, nor in any purchase's history staff read", async () => {
    await expectPinsNeitherLoggedNorInHistory(server, everyPin());
  });
});
