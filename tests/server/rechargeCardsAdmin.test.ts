import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatNaira } from "../../schemas/money";
import { levelPrice } from "../../schemas/pricing";
import { aboveFaceValueWords } from "../../schemas/rechargeCardStaff";
import { auditLog } from "../../server/db/schema";
import { naira, serverForFile } from "./support/serverForFile";
import { expectUnauditedRefusal } from "./support/unauditedRefusal";

// Recharge cards in the console: staff read each network's cards with their offers, admins price
// them and switch them on or off, audited, judged by the pricing rule and never above the card's value.

let admin: { token: string };
let staff: { token: string };
const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  staff = await server.signedInOperator("staff");
});

const list = (token = staff.token) => server.sendOk("GET /core/staff/fetch/recharge-pins", { token });
const edit = (id: number, body: Record<string, unknown>, token = admin.token) =>
  server.patch(`sys.admin/recharge-pins/${id}/`, body, token);
async function cardOf(network: string, denomination: number) {
  const found = (await list()).find((c) => c.network === network && c.denomination === denomination);
  if (!found) throw new Error(`no ${network} card of ${denomination}`);
  return found;
}
const auditsOf = (id: number) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "recharge_card"), eq(auditLog.targetId, String(id))))
    .orderBy(desc(auditLog.seq));

describe("recharge cards in the console", () => {
  it("lists every network's four cards to staff with price, switch and the vendor's offer", async () => {
    const cards = await list();
    expect(cards).toHaveLength(16);
    expect(await cardOf("MTN", 50_000)).toMatchObject({
      network_id: 1,
      price: 49_000,
      enabled: true,
      has_sales: false,
      offers: [{ provider: "msorg", service_id: "1", variation_code: "3", cost: 48_500, enabled: true }],
    });
  });

  it("saves an admin's price and switch, audited, and a card switched off is no longer on sale", async () => {
    const glo = await cardOf("GLO", 20_000);
    const saved = await edit(glo.id, { price: 19_700 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ id: glo.id, price: 19_700, enabled: true });
    const [audit] = await auditsOf(glo.id);
    expect(audit).toMatchObject({
      action: "plan.update",
      before: { price: 19_600 },
      after: { price: 19_700 },
    });
    await edit(glo.id, { enabled: false });
    const customer = await server.signedInCustomer();
    const seen = await server.sendOk("GET /core/customer/fetch/recharge-pins", { token: customer.token });
    expect(seen.find((c) => c.id === glo.id)?.available).toBe(false);
    await edit(glo.id, { enabled: true, price: 19_600 });
  });

  it("refuses a price above the card's value as a field, in words, and audits nothing", async () => {
    const mtn = await cardOf("MTN", 10_000);
    await expectUnauditedRefusal(
      server,
      () => edit(mtn.id, { price: 10_100 }),
      "price",
      aboveFaceValueWords(10_000),
    );
  });

  it("refuses bad input with the fields named, and an unknown card", async () => {
    const mtn = await cardOf("MTN", 10_000);
    for (const [body, field] of [
      [{ price: 50 }, "price"],
      [{ price: "98" }, "price"],
      [{ enabled: "yes" }, "enabled"],
      [{ denomination: 20_000 }, "denomination"],
    ] as const) {
      const answer = await edit(mtn.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect((await edit(mtn.id, {})).status).toBe(400);
    expect((await edit(999_999, { price: 9_000 })).status).toBe(404);
  });

  it("lets only admins edit; staff read, customers do not", async () => {
    const mtn = await cardOf("MTN", 10_000);
    const before = await server.db.$count(auditLog);
    expect((await edit(mtn.id, { price: 9_700 }, staff.token)).status).toBe(403);
    const customer = await server.signedInCustomer();
    expect((await server.get("core/staff/fetch/recharge-pins/", customer.token)).status).toBe(403);
    expect((await edit(mtn.id, { price: 9_700 }, customer.token)).status).toBe(403);
    expect(await server.db.$count(auditLog)).toBe(before);
    expect((await cardOf("MTN", 10_000)).price).toBe(9_800);
  });

  it("judges a price below the offer's cost by the pricing rule, and takes a loss only with a reason", async () => {
    const airtel = await cardOf("Airtel", 100_000);
    const refused = await edit(airtel.id, { price: 96_000 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("below_cost");
    const reason = "Clearing stock for a promotion";
    expect((await edit(airtel.id, { price: 96_000, sell_at_loss: { reason } })).status).toBe(200);
    const [audit] = await auditsOf(airtel.id);
    expect(audit?.after).toMatchObject({ price: 96_000, sell_at_loss_reason: reason });
    await edit(airtel.id, { price: 98_000 });
  });

  it("takes an offer with the vendor's card id and a cost per card, judged against the price", async () => {
    const mtn = await cardOf("MTN", 100_000);
    const put = (body: Record<string, unknown>) =>
      server.put(
        "core/staff/fetch/offers/",
        { service: "recharge_pin", product_id: mtn.id, provider: "msorg", ...body },
        staff.token,
      );
    const saved = await put({ variation_code: "4", cost: 96_500 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ service_id: "1", variation_code: "4", cost: 96_500 });
    const above = await put({ cost: 99_000 });
    expect(above.body.code).toBe("below_cost");
    const commission = await put({ commission_percent: 2 });
    expect(commission.body.fields?.commission_percent).toEqual([
      "A recharge card's offer has a cost, not a commission.",
    ]);
  });

  it("keeps both of two admins' simultaneous edits to one card, its price and its switch", async () => {
    const card = await cardOf("9Mobile", 50_000);
    for (let round = 1; round <= 6; round++) {
      const enabled = round % 2 === 0;
      const answers = await Promise.all([
        edit(card.id, { price: card.price - round * 10 }),
        edit(card.id, { enabled }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await cardOf("9Mobile", 50_000), `round ${round}`).toMatchObject({
        price: card.price - round * 10,
        enabled,
      });
    }
    expect((await auditsOf(card.id)).length).toBeGreaterThanOrEqual(12);
  });

  it("caps a level's recharge card discount at cost, as the console's caps say", async () => {
    await server.sendOk("PATCH /sys.admin/levels/:slug", {
      token: admin.token,
      params: { slug: "reseller" },
      body: { recharge_pin_percent: 2 },
    });
    const level = (await server.sendOk("GET /sys.admin/levels", { token: admin.token })).find(
      (l) => l.slug === "reseller",
    );
    expect(level?.recharge_pin_percent).toBe(2);
    const caps = level?.capped.filter((c) => c.service === "recharge_pin") ?? [];
    const buyer = await server.fundedCustomerAt("reseller", admin.token, naira(1_000));
    const seen = await server.sendOk("GET /core/customer/fetch/recharge-pins", { token: buyer.token });
    for (const card of await list()) {
      const price = seen.find((c) => c.id === card.id)?.price ?? 0;
      const cap = caps.find(
        (c) => c.product === `${card.network} ${formatNaira(card.denomination, true)} card`,
      );
      if (price > levelPrice(card.price, 200)) expect(cap, card.network).toMatchObject({ asked_percent: 2 });
      else expect(cap, card.network).toBeUndefined();
    }
    // A card sold at 98% and bought at 96–97% of its value cannot give 2%.
    expect(caps.length).toBeGreaterThan(0);
  });

  it("gives recharge cards a route of their own on the Providers page", async () => {
    const overview = await server.sendOk("GET /sys.admin/providers", { token: admin.token });
    expect(overview.routes.filter((r) => r.service === "recharge_pin")).toEqual([
      expect.objectContaining({ service: "recharge_pin", scope: "", label: "Recharge cards" }),
    ]);
  });
});
