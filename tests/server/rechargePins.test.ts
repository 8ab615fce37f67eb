import { beforeAll, describe, expect, it } from "vitest";
import type { RechargeCard } from "../../schemas/catalogue";
import { levelPrice } from "../../schemas/pricing";
import type { RechargePinPurchaseBody } from "../../schemas/rechargePins";
import { msorgRechargeTriggers } from "../../server/outside/msorg/simulator/msorgSimulator";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { deliveredPinReads, mentionsAnyPin } from "./support/deliveredPinReads";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";

/**
 * Recharge cards bought through the customer API from the SME-data vendor (the simulator, over HTTP):
 * the cards with their load codes and what to print on them on the purchase's own answer and mail and
 * nowhere else, sealed in the database, the money held or given back as for the other kinds, never
 * refunded once cards were delivered. The vendor alone sells them.
 */
const server = serverForFile({ PROVIDERS: "msorg" });

let admin: { token: string };
let staff: { token: string };
let cards: RechargeCard[];
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  staff = await server.signedInOperator("staff");
  const customer = await server.signedInCustomer();
  cards = await server.sendOk("GET /core/customer/fetch/recharge-pins", { token: customer.token });
});

const card = (network: string, denomination: number) => {
  const found = cards.find((c) => c.network === network && c.denomination === denomination);
  if (!found) throw new Error(`no ${network} card of ${denomination}`);
  return found;
};

let shops = 0;
/** A fresh business name: the simulator's scripts go by the name on the cards. */
const shop = () => `Ade Stores ${++shops}`;

const buy = (c: Customer, body: Partial<Record<keyof RechargePinPurchaseBody, unknown>>) =>
  server.send("POST /core/customer/recharge-pins", {
    token: c.token,
    body: {
      network_id: 1,
      denomination: 10_000,
      quantity: 1,
      name_on_card: shop(),
      pin: c.pin,
      request_id: crypto.randomUUID(),
      ...body,
    } as RechargePinPurchaseBody,
  });
async function bought(c: Customer, body: Partial<Record<keyof RechargePinPurchaseBody, unknown>>) {
  const answer = await buy(c, body);
  if (!answer.data) throw new Error(`the purchase was refused: ${answer.status} ${answer.body.msg}`);
  return answer.data;
}
const { ownView, rowOf, vouchersMailsTo } = deliveredPinReads(server);

describe("the catalogue", () => {
  it("lists every network's ₦100, ₦200, ₦500 and ₦1,000 card below its value, on sale through the vendor", () => {
    expect(cards).toHaveLength(16);
    for (const network of ["MTN", "GLO", "9Mobile", "Airtel"])
      for (const denomination of [10_000, 20_000, 50_000, 100_000]) {
        const found = card(network, denomination);
        expect(found.available).toBe(true);
        expect(found.price).toBeLessThan(denomination);
      }
  });
});

describe("buying cards to print", () => {
  it("answers one card with its load code and what to print, on the purchase's own answers only", async () => {
    const c = await server.fundedCustomer(naira(5_000));
    const name = shop();
    const purchase = await bought(c, { name_on_card: `  ${name}  ` });
    expect(purchase).toMatchObject({
      kind: "recharge_pin",
      status: "successful",
      total: card("MTN", 10_000).price,
      product: "MTN ₦100 card",
      description: `MTN ₦100 card for ${name}`,
      cards: { network: "MTN", denomination: 10_000, name_on_card: name },
    });
    const [only] = purchase.pins ?? [];
    expect(purchase.pins).toHaveLength(1);
    expect(only).toEqual({
      pin: expect.stringMatching(/^\d{16}$/),
      serial: expect.stringMatching(/^\d{11}$/),
      load_code: `*311*${only?.pin}#`,
    });
    const again = await ownView(c, purchase.reference);
    expect(again.pins).toEqual(purchase.pins);
    expect(again.cards).toEqual(purchase.cards);
    // The vendor asked for the card by its own ids, with the name trimmed.
    const asked = server.msorg.requests.filter((r) => r.method === "POST" && r.path.includes("/rechargepin"));
    expect(asked.at(-1)?.body).toEqual({ network: 1, network_amount: 1, quantity: 1, name_on_card: name });
  });

  it("prints 100 cards: every one in the answer and the mail, sealed in the table, in no list or log", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const each = card("GLO", 10_000).price;
    const purchase = await bought(c, { network_id: 2, quantity: 100 });
    expect(purchase).toMatchObject({ status: "successful", total: 100 * each, cards: { network: "GLO" } });
    const pins = purchase.pins ?? [];
    expect(pins).toHaveLength(100);
    expect(new Set(pins.map((p) => p.pin)).size).toBe(100);
    // GLO's answer carries no load_pin: the network's own code stands.
    for (const p of pins) expect(p.load_code).toBe(`*311*${p.pin}#`);
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 100 * each);

    const history = await server.sendOk("GET /core/customer/recharge-pins", { token: c.token });
    const listed = history.results.find((t) => t.reference === purchase.reference);
    expect(listed).toMatchObject({ status: "successful" });
    expect(listed).not.toHaveProperty("pins");
    expect(listed).not.toHaveProperty("cards");
    const all = await server.sendOk("GET /core/customer/transactions", { token: c.token });
    expect(all.results.find((t) => t.reference === purchase.reference)).not.toHaveProperty("pins");
    const staffList = await server.sendOk("GET /staff/transaction/recharge-pins", { token: staff.token });
    expect(staffList.results.some((t) => t.reference === purchase.reference)).toBe(true);
    expect(mentionsAnyPin(JSON.stringify(staffList), pins)).toBe(false);

    const row = await rowOf(purchase.reference);
    expect(row.vouchers).not.toBeNull();
    expect(mentionsAnyPin(row.vouchers, pins)).toBe(false);

    const outbox = await vouchersMailsTo(c.email);
    expect(outbox).toHaveLength(1);
    expect(mentionsAnyPin(outbox[0]?.message ?? null, pins)).toBe(false);
    await server.deps.outbox.sendDue();
    const mail = server.mailbox.sent.find((m) => m.to === c.email && m.subject.includes(purchase.reference));
    for (const p of pins) {
      expect(mail?.text).toContain(p.pin);
      expect(mail?.text).toContain(`load with *311*${p.pin}#`);
    }
    expect(mentionsAnyPin(server.logLines.join(""), pins)).toBe(false);
  });

  it("gives the money back when the vendor fails the purchase, with no cards and no mail", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const purchase = await bought(c, { quantity: msorgRechargeTriggers.failed });
    expect(purchase).toMatchObject({ status: "failed", balance_after: naira(20_000) });
    expect(purchase).not.toHaveProperty("pins");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000));
    expect(await vouchersMailsTo(c.email)).toHaveLength(0);
  });

  it("holds the money while the vendor is processing, and a requery delivers the cards", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const quantity = msorgRechargeTriggers.processingThenSuccessful;
    const total = quantity * card("MTN", 10_000).price;
    const purchase = await bought(c, { quantity });
    expect(purchase.status).toBe("pending");
    expect(purchase).not.toHaveProperty("pins");
    expect(purchase.cards).toMatchObject({ network: "MTN", denomination: 10_000 });
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - total);
    for (let i = 0; i < 4 && (await ownView(c, purchase.reference)).status === "pending"; i++) {
      server.clock.advance(60_000);
      await requeryDue(server.deps);
    }
    const settled = await ownView(c, purchase.reference);
    expect(settled.status).toBe("successful");
    expect(settled.pins).toHaveLength(quantity);
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - total);
    expect(await vouchersMailsTo(c.email)).toHaveLength(1);
  });

  it("holds the money when the vendor's answer is lost, and finds the purchase by requery", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const name = shop();
    server.msorg.script(name, { kind: "non-json" });
    const purchase = await bought(c, { quantity: 3, name_on_card: name });
    expect(purchase.status).toBe("pending");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 3 * card("MTN", 10_000).price);
    server.clock.advance(60_000);
    await requeryDue(server.deps);
    const found = await ownView(c, purchase.reference);
    expect(found.status).toBe("successful");
    expect(found.pins).toHaveLength(3);
  });

  it("keeps 100 cards bought and 99 delivered pending, the money held and nothing mailed", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const name = shop();
    server.msorg.script(name, { pinsShort: true });
    const purchase = await bought(c, { quantity: 100, name_on_card: name });
    expect(purchase.status).toBe("pending");
    expect(purchase).not.toHaveProperty("pins");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 100 * card("MTN", 10_000).price);
    expect(await vouchersMailsTo(c.email)).toHaveLength(0);
    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: purchase.id },
    });
    expect(detail.events.at(-1)).toMatchObject({
      status: "pending",
      note: expect.stringContaining("sent 99 of the 100 PINs bought"),
    });
  });
});

describe("staff and delivered cards", () => {
  it("see the cards and what to print on the purchase's detail, and cannot refund it", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const purchase = await bought(c, { network_id: 4, denomination: 50_000, quantity: 2 });
    // Airtel's answer carries the vendor's load_pin ("*311*"), written whole.
    for (const p of purchase.pins ?? []) expect(p.load_code).toBe(`*311*${p.pin}#`);
    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: purchase.id },
    });
    expect(detail).toMatchObject({ can_refund: false, pins: purchase.pins, cards: purchase.cards });
    const refused = await server.send("POST /core/staff/transaction/:id/refund", {
      token: staff.token,
      params: { id: purchase.id },
      body: { reason: "Customer says the cards do not load" },
    });
    expect(refused.status).toBe(400);
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 2 * card("Airtel", 50_000).price);
  });
});

describe("the business's figures", () => {
  it("count recharge card sales in the revenue report by service: volume, the vendor's cost and the margin", async () => {
    const report = await server.sendOk("GET /sys.admin/revenue", { token: admin.token });
    const cards = report.by_service.find((row) => row.kind === "recharge_pin");
    expect(cards?.count).toBeGreaterThan(0);
    expect(cards?.cost).toBeGreaterThan(0);
    expect(cards?.revenue).toBe((cards?.volume ?? 0) - (cards?.refunds ?? 0) - (cards?.cost ?? 0));
    expect(cards?.revenue).toBeGreaterThan(0);
  });
});

describe("prices at a level", () => {
  it("take the level's recharge card discount off both the catalogue's price and the charge", async () => {
    await server.sendOk("PATCH /sys.admin/levels/:slug", {
      token: admin.token,
      params: { slug: "agent" },
      body: { recharge_pin_percent: 0.5 },
    });
    const agent = await server.fundedCustomerAt("agent", admin.token, naira(50_000));
    const listed = await server.sendOk("GET /core/customer/fetch/recharge-pins", { token: agent.token });
    const mine = listed.find((c) => c.id === card("MTN", 100_000).id);
    expect(mine?.price).toBe(levelPrice(card("MTN", 100_000).price, 50));
    expect(mine?.price).toBeLessThan(card("MTN", 100_000).price);
    const purchase = await bought(agent, { denomination: 100_000, quantity: 3 });
    expect(purchase.total).toBe(3 * (mine?.price ?? 0));
  });
});

describe("bad input", () => {
  it("answers 400 naming the field, and holds nothing", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quantity: 0 }, "quantity"],
      [{ quantity: 101 }, "quantity"],
      [{ quantity: 2.5 }, "quantity"],
      [{ denomination: 15_000 }, "denomination"],
      [{ denomination: "10000" }, "denomination"],
      [{ name_on_card: "" }, "name_on_card"],
      [{ name_on_card: "   " }, "name_on_card"],
      [{ name_on_card: "x".repeat(31) }, "name_on_card"],
      [{ name_on_card: "Ade\nStores" }, "name_on_card"],
      [{ name_on_card: 42 }, "name_on_card"],
      [{ network_id: 5 }, "network_id"],
      [{ network_id: 0 }, "network_id"],
    ];
    for (const [body, field] of cases) {
      const answer = await buy(c, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000));
    expect((await server.sendOk("GET /core/customer/recharge-pins", { token: c.token })).count).toBe(0);
  });
});
