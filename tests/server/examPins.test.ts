import { beforeAll, describe, expect, it } from "vitest";
import type { ExamProduct } from "../../schemas/catalogue";
import type { ExamPinPurchaseBody } from "../../schemas/examPins";
import { levelPrice } from "../../schemas/pricing";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { deliveredPinReads, mentionsAnyPin } from "./support/deliveredPinReads";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";

/**
 * Exam PINs bought through the customer API from VTpass (the simulator, over HTTP): the PINs on the
 * purchase's own answer and mail and nowhere else, sealed in the database, the money held or given
 * back as for the other kinds, never refunded once PINs were delivered. VTpass alone, so a failure
 * is the customer's refund rather than a move to the vendor.
 */
const server = serverForFile({ PROVIDERS: "vtpass" });

let admin: { token: string };
let staff: { token: string };
let products: ExamProduct[];
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
  staff = await server.signedInOperator("staff");
  const customer = await server.signedInCustomer();
  products = await server.sendOk("GET /core/customer/fetch/exam-pins", { token: customer.token });
});

const product = (name: string) => {
  const found = products.find((p) => p.name === name);
  if (!found) throw new Error(`no exam PIN named ${name}`);
  return found;
};
const waecResult = () => product("WAEC Result Checker");
const jambMock = () => product("JAMB UTME PIN (with mock)");

let phones = 0;
/** A fresh phone ending as asked: VTpass's simulator reads its last four digits. */
const phone = (ending = "5678") => `080${String(4_000 + ++phones).padStart(4, "0")}${ending}`;

const buy = (c: Customer, body: Partial<ExamPinPurchaseBody> & Record<string, unknown>) =>
  server.send("POST /core/customer/exam-pins", {
    token: c.token,
    body: {
      product: waecResult().id,
      quantity: 1,
      phone: phone(),
      pin: c.pin,
      request_id: crypto.randomUUID(),
      ...body,
    } as ExamPinPurchaseBody,
  });
async function bought(c: Customer, body: Partial<ExamPinPurchaseBody>) {
  const answer = await buy(c, body);
  if (!answer.data) throw new Error(`the purchase was refused: ${answer.status} ${answer.body.msg}`);
  return answer.data;
}
const { ownView, rowOf, vouchersMailsTo } = deliveredPinReads(server);

describe("buying WAEC result checkers", () => {
  it("answers the 3 PINs bought on the purchase and its own record only, sealed in the database and mailed once", async () => {
    const c = await server.fundedCustomer(naira(50_000));
    const each = waecResult().price;
    const purchase = await bought(c, { quantity: 3 });
    expect(purchase).toMatchObject({
      kind: "exam_pin",
      status: "successful",
      total: 3 * each,
      product: "WAEC Result Checker",
      description: "3 × WAEC Result Checker",
      token: null,
    });
    const pins = purchase.pins ?? [];
    expect(pins).toHaveLength(3);
    for (const card of pins)
      expect(card).toEqual({ pin: expect.stringMatching(/^\d{12}$/), serial: expect.stringMatching(/^WRN/) });
    expect((await ownView(c, purchase.reference)).pins).toEqual(pins);
    expect(await walletBalance(server.db, c.id)).toBe(naira(50_000) - 3 * each);

    // Lists never carry them: the kind's history, every transaction, the staff list.
    const history = await server.sendOk("GET /core/customer/exam-pins", { token: c.token });
    const listed = history.results.find((t) => t.reference === purchase.reference);
    expect(listed).toMatchObject({ status: "successful" });
    expect(listed).not.toHaveProperty("pins");
    const all = await server.sendOk("GET /core/customer/transactions", { token: c.token });
    expect(all.results.find((t) => t.reference === purchase.reference)).not.toHaveProperty("pins");
    const staffList = await server.send("GET /staff/transaction/exam-pins", { token: staff.token });
    expect(staffList.status).toBe(200);
    expect(mentionsAnyPin(JSON.stringify(staffList.body), pins)).toBe(false);

    // The database holds them sealed, not in clear, and not as a token.
    const row = await rowOf(purchase.reference);
    expect(row.vouchers).not.toBeNull();
    expect(mentionsAnyPin(row.vouchers, pins)).toBe(false);
    expect(row.token).toBeNull();

    // One mail, sealed in the outbox, which the buyer receives with every PIN and serial.
    const outbox = await vouchersMailsTo(c.email);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.sealed).toBe(true);
    expect(mentionsAnyPin(outbox[0]?.message ?? null, pins)).toBe(false);
    // The background work sends it (within REQUERY_INTERVAL_MS), opened only on its way out.
    await server.deps.outbox.sendDue();
    const mails = server.mailbox.sent.filter(
      (m) => m.to === c.email && m.subject.includes(purchase.reference),
    );
    expect(mails).toHaveLength(1);
    for (const card of pins) {
      expect(mails[0]?.text).toContain(card.pin);
      expect(mails[0]?.text).toContain(card.serial);
    }
    // No PIN reached the log.
    expect(mentionsAnyPin(server.logLines.join(""), pins)).toBe(false);
  });

  it("gives the money back when VTpass fails the purchase (a phone ending 0000), with no PINs and no mail", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const purchase = await bought(c, { quantity: 2, phone: phone("0000") });
    expect(purchase).toMatchObject({ status: "failed", balance_after: naira(20_000) });
    expect(purchase).not.toHaveProperty("pins");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000));
    expect(await vouchersMailsTo(c.email)).toHaveLength(0);
  });

  it("holds the money while VTpass does not answer in time (3333), and a requery delivers the PINs", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const each = waecResult().price;
    const purchase = await bought(c, { quantity: 2, phone: phone("3333") });
    expect(purchase.status).toBe("pending");
    expect(purchase).not.toHaveProperty("pins");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 2 * each);
    server.clock.advance(1_000);
    expect(await requeryDue(server.deps)).toBe(1);
    const settled = await ownView(c, purchase.reference);
    expect(settled.status).toBe("successful");
    expect(settled.pins).toHaveLength(2);
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 2 * each);
    expect(await vouchersMailsTo(c.email)).toHaveLength(1);
  });

  it("stays pending when a requery says delivered with fewer PINs than bought, until one gives them all", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const each = waecResult().price;
    const purchase = await bought(c, { quantity: 3, phone: phone("1111") });
    expect(purchase.status).toBe("pending");
    const requestId = (await rowOf(purchase.reference)).providerRequestId ?? "";
    // Said of a purchase VTpass still holds pending, so no webhook of its settling races the requery.
    server.vtpass.scriptRequery(requestId, { code: "000", status: "delivered", pins: 2, keep: "none" });
    server.clock.advance(1_000);
    expect(await requeryDue(server.deps)).toBe(1);
    const short = await ownView(c, purchase.reference);
    expect(short.status).toBe("pending");
    expect(short).not.toHaveProperty("pins");
    const history = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: purchase.id },
    });
    expect(history.events.at(-1)).toMatchObject({
      status: "pending",
      note: expect.stringContaining("sent 2 of the 3 PINs bought"),
    });
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 3 * each);
    expect(await vouchersMailsTo(c.email)).toHaveLength(0);

    server.clock.advance(10_000);
    expect(await requeryDue(server.deps)).toBe(1);
    const whole = await ownView(c, purchase.reference);
    expect(whole.status).toBe("successful");
    expect(whole.pins).toHaveLength(3);
    expect(await vouchersMailsTo(c.email)).toHaveLength(1);
  });

  it("stays pending when VTpass says delivered but its PINs cannot be read, and a requery that reads them delivers", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const to = phone();
    server.vtpass.script(to, { code: "000", status: "delivered", pins: 0 });
    const purchase = await bought(c, { quantity: 2, phone: to });
    expect(purchase.status).toBe("pending");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - 2 * waecResult().price);
    server.clock.advance(1_000);
    expect(await requeryDue(server.deps)).toBe(1);
    expect((await ownView(c, purchase.reference)).pins).toHaveLength(2);
  });
});

describe("staff and delivered PINs", () => {
  it("see the PINs on the purchase's detail, cannot refund it, and are told why", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const purchase = await bought(c, { quantity: 1 });
    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: purchase.id },
    });
    expect(detail).toMatchObject({ status: "successful", can_refund: false, pins: purchase.pins });
    const refused = await server.send("POST /core/staff/transaction/:id/refund", {
      token: staff.token,
      params: { id: purchase.id },
      body: { reason: "Customer says the PIN does not work" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe(
      "This purchase delivered PINs, which can still be used: it cannot be refunded. If the PINs do not work, take it up with the provider.",
    );
    expect((await ownView(c, purchase.reference)).status).toBe("successful");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000) - waecResult().price);
  });
});

describe("JAMB PINs", () => {
  it("check the candidate's profile ID first, answering their name, and refuse one JAMB does not know", async () => {
    const c = await server.fundedCustomer(0);
    const found = await server.send("POST /core/customer/exam-pins/verify", {
      token: c.token,
      body: { product: jambMock().id, profile_id: "0123456789" },
    });
    expect(found.status).toBe(200);
    expect(found.data?.customer_name).toMatch(/^[A-Z]+ [A-Z]+$/);
    const unknown = await server.send("POST /core/customer/exam-pins/verify", {
      token: c.token,
      body: { product: jambMock().id, profile_id: "0000004444" },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields?.profile_id?.[0]).toMatch(/profile ID/);
  });

  it("buy one PIN for the verified candidate, naming them on the purchase", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const name = (
      await server.sendOk("POST /core/customer/exam-pins/verify", {
        token: c.token,
        body: { product: jambMock().id, profile_id: "0123456789" },
      })
    ).customer_name;
    const purchase = await bought(c, { product: jambMock().id, profile_id: "0123456789" });
    expect(purchase).toMatchObject({
      status: "successful",
      customer_name: name,
      total: jambMock().price,
      pins: [{ pin: expect.stringMatching(/^\d{16}$/), serial: null }],
    });
  });

  it("refuse two at once, none named or one JAMB does not know, holding nothing", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const two = await buy(c, { product: jambMock().id, quantity: 2, profile_id: "0123456789" });
    expect(two.status).toBe(400);
    expect(two.body.fields).toHaveProperty("quantity");
    const nobody = await buy(c, { product: jambMock().id });
    expect(nobody.status).toBe(400);
    expect(nobody.body.fields).toHaveProperty("profile_id");
    const unknown = await buy(c, { product: jambMock().id, profile_id: "0000004444" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toHaveProperty("profile_id");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000));
    expect((await server.sendOk("GET /core/customer/exam-pins", { token: c.token })).count).toBe(0);
  });
});

describe("prices at a level", () => {
  it("take the level's exam PIN discount off both the catalogue's price and the charge", async () => {
    await server.sendOk("PATCH /sys.admin/levels/:slug", {
      token: admin.token,
      params: { slug: "agent" },
      body: { exam_pin_percent: 2 },
    });
    const agent = await server.fundedCustomerAt("agent", admin.token, naira(50_000));
    const listed = await server.sendOk("GET /core/customer/fetch/exam-pins", { token: agent.token });
    const theirs = listed.find((p) => p.id === waecResult().id);
    expect(theirs?.price).toBe(levelPrice(waecResult().price, 200));
    expect(theirs?.price).toBeLessThan(waecResult().price);
    const purchase = await bought(agent, { quantity: 2 });
    expect(purchase.total).toBe(2 * (theirs?.price ?? 0));
  });
});

describe("bad input", () => {
  it("answers 400 naming the field, and holds nothing", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quantity: 0 }, "quantity"],
      [{ quantity: 11 }, "quantity"],
      [{ quantity: 2.5 }, "quantity"],
      [{ product: 0 }, "product"],
      [{ product: 999_999 }, "product"],
      [{ product: "waec" }, "product"],
      [{ product: jambMock().id, profile_id: "12345" }, "profile_id"],
      [{ product: jambMock().id, profile_id: "01234567890" }, "profile_id"],
      [{ profile_id: "0123456789" }, "profile_id"],
      [{ phone: "12" }, "phone"],
    ];
    for (const [body, field] of cases) {
      const answer = await buy(c, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.fields, JSON.stringify(body)).toHaveProperty(field);
    }
    const verify = await server.send("POST /core/customer/exam-pins/verify", {
      token: c.token,
      body: { product: jambMock().id, profile_id: "abc" },
    });
    expect(verify.status).toBe(400);
    expect(verify.body.fields).toHaveProperty("profile_id");
    expect(await walletBalance(server.db, c.id)).toBe(naira(20_000));
    expect((await server.sendOk("GET /core/customer/exam-pins", { token: c.token })).count).toBe(0);
  });
});
