import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { levelPrice } from "../../schemas/pricing";
import { auditLog, transactions } from "../../server/db/schema";
import { sealVouchers } from "../../server/services/purchases/vouchers";
import { naira, serverForFile } from "./support/serverForFile";
import { expectUnauditedRefusal } from "./support/unauditedRefusal";

let admin: { token: string };
let staff: { token: string };
const server = serverForFile();
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  staff = await server.signedInOperator("staff");
});

const list = (token = staff.token) => server.sendOk("GET /core/staff/fetch/exam-pins", { token });
const create = (body: Record<string, unknown>, token = admin.token) =>
  server.post("sys.admin/exam-pins/", body, token);
const edit = (id: number, body: Record<string, unknown>, token = admin.token) =>
  server.patch(`sys.admin/exam-pins/${id}/`, body, token);

async function productCoded(code: string) {
  const found = (await list()).find((p) => p.code === code);
  if (!found) throw new Error(`no exam PIN coded ${code}`);
  return found;
}

const auditsOf = (id: number) =>
  server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, "exam_product"), eq(auditLog.targetId, String(id))))
    .orderBy(desc(auditLog.seq));

const newPin = {
  exam: "neco",
  code: "neco-registration",
  name: "NECO Registration PIN",
  face_value: 1_500_000,
  price: 1_550_000,
};

describe("exam PINs in the console", () => {
  it("lists every exam PIN to staff with its face value, price, profile rule and each provider's offer", async () => {
    const products = await list();
    expect(products.map((p) => p.code)).toEqual([
      "waec-result",
      "waec-registration",
      "neco-result",
      "nabteb-result",
      "jamb-utme-mock",
      "jamb-utme",
      "jamb-de",
    ]);
    const waec = await productCoded("waec-result");
    expect(waec).toMatchObject({
      exam: "waec",
      name: "WAEC Result Checker",
      face_value: 390_000,
      price: 400_000,
      needs_profile: false,
      enabled: true,
      sort_order: 1,
      has_sales: false,
    });
    expect(waec.offers.map((o) => [o.provider, o.service_id, o.variation_code, o.cost])).toEqual([
      ["msorg", "WAEC", null, 380_000],
      ["vtpass", "waec", "waecdirect", 384_150],
    ]);
    expect((await productCoded("jamb-de")).needs_profile).toBe(true);
  });

  it("lets an admin add one, off sale until switched on, audited, with JAMB's profile rule set from the exam body", async () => {
    const answer = await create(newPin);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ ...newPin, enabled: false, needs_profile: false, offers: [] });
    const id = (answer.body.data as { id: number }).id;
    const [audit] = await auditsOf(id);
    expect(audit).toMatchObject({ action: "plan.create", before: null });
    expect(audit?.after).toMatchObject({ code: "neco-registration", price: 1_550_000, enabled: false });

    const customer = await server.signedInCustomer();
    const onSale = await server.sendOk("GET /core/customer/fetch/exam-pins", { token: customer.token });
    expect(onSale.map((p) => p.name)).not.toContain("NECO Registration PIN");

    const again = await create(newPin);
    expect(again.status).toBe(400);
    expect(again.body.fields?.code).toEqual(["Another exam PIN already uses that code."]);

    const jamb = await create({
      exam: "jamb",
      code: "jamb-utme-2027",
      name: "JAMB UTME PIN 2027",
      face_value: 700_000,
      price: 700_000,
    });
    expect(jamb.body.data).toMatchObject({ needs_profile: true });
  });

  it("saves an admin's edit, audited before and after, and a PIN switched off leaves the customer's list", async () => {
    const neco = await productCoded("neco-result");
    const saved = await edit(neco.id, { price: 150_000, name: "NECO Result Checker PIN" });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ price: 150_000, name: "NECO Result Checker PIN", enabled: true });
    const [audit] = await auditsOf(neco.id);
    expect(audit).toMatchObject({ action: "plan.update" });
    expect(audit?.before).toMatchObject({ price: 140_000, name: "NECO Result Checker" });
    expect(audit?.after).toMatchObject({ price: 150_000, name: "NECO Result Checker PIN" });

    const customer = await server.signedInCustomer();
    const priceSeen = async () =>
      (await server.sendOk("GET /core/customer/fetch/exam-pins", { token: customer.token })).find(
        (p) => p.id === neco.id,
      );
    expect((await priceSeen())?.price).toBe(150_000);

    const off = await edit(neco.id, { enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false });
    expect(await priceSeen()).toBeUndefined();
    const buyer = await server.fundedCustomer(naira(10_000));
    const bought = await server.send("POST /core/customer/exam-pins", {
      token: buyer.token,
      body: {
        product: neco.id,
        quantity: 1,
        phone: "08031234567",
        pin: buyer.pin,
        request_id: crypto.randomUUID(),
      },
    });
    expect(bought.body.code).toBe("product_unavailable");
    await edit(neco.id, { enabled: true });
  });

  it("refuses JAMB's price above its face value as a field, in words, and audits nothing", async () => {
    const jamb = await productCoded("jamb-utme");
    const words = "JAMB's PINs may not be sold above JAMB's own price: at most ₦6,200.00.";
    await expectUnauditedRefusal(server, () => edit(jamb.id, { price: 620_100 }), "price", words);
    // Lowering the face value under the price is the same sale above JAMB's price.
    await expectUnauditedRefusal(
      server,
      () => edit(jamb.id, { face_value: 600_000 }),
      "price",
      "JAMB's PINs may not be sold above JAMB's own price: at most ₦6,000.00.",
    );
    // A WAEC PIN turned into a JAMB one is held to the same rule.
    const waec = await productCoded("waec-registration");
    await expectUnauditedRefusal(
      server,
      () => edit(waec.id, { exam: "jamb" }),
      "price",
      "JAMB's PINs may not be sold above JAMB's own price: at most ₦24,500.00.",
    );
    await expectUnauditedRefusal(
      server,
      () => create({ ...newPin, exam: "jamb", code: "jamb-high" }),
      "price",
      "JAMB's PINs may not be sold above JAMB's own price: at most ₦15,000.00.",
    );
    expect((await productCoded("jamb-utme")).price).toBe(620_000);
  });

  it("refuses bad input with the fields named", async () => {
    const waec = await productCoded("waec-result");
    for (const [body, field] of [
      [{ exam: "ssce" }, "exam"],
      [{ sort_order: 1000 }, "sort_order"],
      [{ price: 50 }, "price"],
      [{ face_value: -1 }, "face_value"],
      [{ code: "no spaces" }, "code"],
      [{ needs_profile: true }, "needs_profile"],
    ] as const) {
      const answer = await edit(waec.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const nothing = await edit(waec.id, {});
    expect(nothing.status).toBe(400);
    expect((await server.patch("sys.admin/exam-pins/999999/", { price: 100_000 }, admin.token)).status).toBe(
      404,
    );
    const missing = await create({ exam: "waec" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.fields ?? {})).toEqual(
      expect.arrayContaining(["code", "name", "face_value", "price"]),
    );
  });

  it("lets only admins add and edit; staff read, customers do not", async () => {
    const waec = await productCoded("waec-result");
    const before = await server.db.$count(auditLog);
    const byStaff = await edit(waec.id, { price: 500_000 }, staff.token);
    expect(byStaff.status).toBe(403);
    expect((await create({ ...newPin, code: "by-staff" }, staff.token)).status).toBe(403);
    const customer = await server.signedInCustomer();
    expect((await server.get("core/staff/fetch/exam-pins/", customer.token)).status).toBe(403);
    expect(await server.db.$count(auditLog)).toBe(before);
    expect((await productCoded("waec-result")).price).toBe(400_000);
  });

  it("judges a price below the dearest offer's cost by the pricing rule, and takes a loss only with a reason", async () => {
    const waec = await productCoded("waec-result");
    const refused = await edit(waec.id, { price: 384_000 });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("below_cost");
    expect(refused.body.fields?.price?.[0]).toMatch(/below its cost of ₦3,841\.50/);
    const reason = "Matching a competitor for the result season";
    const taken = await edit(waec.id, { price: 384_000, sell_at_loss: { reason } });
    expect(taken.status).toBe(200);
    const [audit] = await auditsOf(waec.id);
    expect(audit?.after).toMatchObject({ price: 384_000, sell_at_loss_reason: reason });
    await edit(waec.id, { price: 400_000 });
  });

  it("takes an exam offer with a cost per PIN, the vendor's without a plan code, judged against the price", async () => {
    const nabteb = await productCoded("nabteb-result");
    const put = (body: Record<string, unknown>) =>
      server.put(
        "core/staff/fetch/offers/",
        { service: "exam_pin", product_id: nabteb.id, provider: "msorg", ...body },
        staff.token,
      );
    const saved = await put({ service_id: "NABTEB", cost: 99_000 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ provider: "msorg", variation_code: null, cost: 99_000 });
    const above = await put({ cost: 120_000 });
    expect(above.status).toBe(400);
    expect(above.body.code).toBe("below_cost");
    expect(Object.keys(above.body.fields ?? {})).toEqual(["cost"]);
    const commission = await put({ commission_percent: 2 });
    expect(commission.body.fields?.commission_percent).toEqual([
      "An exam PIN's offer has a cost, not a commission.",
    ]);
  });

  it("keeps both of two admins' simultaneous edits to different fields of one exam PIN", async () => {
    const product = await productCoded("waec-registration");
    for (let round = 1; round <= 8; round++) {
      const answers = await Promise.all([
        edit(product.id, { name: `WAEC Registration ${round}` }),
        edit(product.id, { price: product.price + round * 100 }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      expect(await productCoded("waec-registration"), `round ${round}`).toMatchObject({
        name: `WAEC Registration ${round}`,
        price: product.price + round * 100,
      });
    }
    expect((await auditsOf(product.id)).length).toBeGreaterThanOrEqual(16);
  });

  it("caps a level's exam PIN discount at cost, and the console's caps say what the customer is charged", async () => {
    await server.sendOk("PATCH /sys.admin/levels/:slug", {
      token: admin.token,
      params: { slug: "agent" },
      body: { exam_pin_percent: 3 },
    });
    const agent = (await server.sendOk("GET /sys.admin/levels", { token: admin.token })).find(
      (l) => l.slug === "agent",
    );
    expect(agent?.exam_pin_percent).toBe(3);
    const caps = agent?.capped.filter((c) => c.service === "exam_pin") ?? [];
    const buyer = await server.fundedCustomerAt("agent", admin.token, naira(1_000));
    const seen = await server.sendOk("GET /core/customer/fetch/exam-pins", { token: buyer.token });
    const products = await list();
    for (const product of products.filter((p) => p.enabled)) {
      const price = seen.find((p) => p.id === product.id)?.price;
      const whole = levelPrice(product.price, 300);
      const cap = caps.find((c) => c.product === product.name);
      if (price === undefined) throw new Error(`${product.name} is not on sale to the agent`);
      if (price > whole) {
        expect(cap, product.name).toMatchObject({ asked_percent: 3, fee_from: null });
        expect(cap?.given_percent).toBe(Math.floor(((product.price - price) * 10_000) / product.price) / 100);
      } else expect(cap, product.name).toBeUndefined();
    }
    // JAMB's margin is thin: its PINs cannot give 3%.
    expect(caps.map((c) => c.product)).toContain("JAMB UTME PIN (with mock)");
  });

  it("lists exam PIN purchases to staff under their kind, holds a pending one in the wallet, and shows delivered PINs on its own page only, with no refund", async () => {
    const buyer = await server.fundedCustomer(naira(10_000));
    const neco = await productCoded("neco-result");
    const bought = await server.sendOk("POST /core/customer/exam-pins", {
      token: buyer.token,
      body: {
        product: neco.id,
        quantity: 2,
        phone: "08031234567",
        pin: buyer.pin,
        request_id: crypto.randomUUID(),
      },
    });
    const wallet = await server.sendOk("GET /core/customer/wallet", { token: buyer.token });
    expect(wallet.pending_total).toBe(bought.status === "pending" ? bought.total : 0);

    const listed = await server.get(`staff/transaction/exam-pins/?search=${bought.reference}`, staff.token);
    const rows = (listed.body.data as { results: Array<Record<string, unknown>> }).results;
    expect(rows.map((r) => r.reference)).toEqual([bought.reference]);
    expect(rows[0]).toMatchObject({ kind: "exam_pin", total: bought.total });
    expect(rows[0]).not.toHaveProperty("pins");

    // As a delivery leaves it: the PINs sealed on the row (settlePurchase.ts).
    const cards = [
      { pin: "482910375561", serial: "NRC182736451" },
      { pin: "593021486672", serial: "NRC182736452" },
    ];
    await server.db
      .update(transactions)
      .set({ vouchers: sealVouchers(server.deps.config.voucherKey, cards) })
      .where(eq(transactions.id, bought.id));
    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: bought.id },
    });
    expect(detail.pins).toEqual(cards);
    expect(detail.can_refund).toBe(false);
    const again = await server.get(`staff/transaction/exam-pins/?search=${bought.reference}`, staff.token);
    expect(JSON.stringify(again.body)).not.toContain("482910375561");
  });

  it("gives exam PINs a route of their own on the Providers page, saved in the order an admin sets", async () => {
    const overview = await server.sendOk("GET /sys.admin/providers", { token: admin.token });
    expect(overview.routes.filter((r) => r.service === "exam_pin")).toEqual([
      { service: "exam_pin", scope: "", label: "Exam PINs", providers: ["vtpass", "msorg"], saved: false },
    ]);
    await server.sendOk("PUT /sys.admin/provider-routes", {
      token: admin.token,
      body: { service: "exam_pin", scope: "", providers: ["msorg", "vtpass"] },
    });
    const after = await server.sendOk("GET /sys.admin/providers", { token: admin.token });
    expect(after.routes.find((r) => r.service === "exam_pin")).toMatchObject({
      providers: ["msorg", "vtpass"],
      saved: true,
    });
  });
});
