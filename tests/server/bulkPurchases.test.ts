import { readFileSync } from "node:fs";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { BulkAirtimeRow } from "../../schemas/bulk";
import { maxBulkRows } from "../../schemas/bulk";
import { bulkBatches, transactions, webhookDeliveries } from "../../server/db/schema";
import { placeQueuedRows } from "../../server/services/bulk/bulkPlacing";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { keyHolder } from "./support/keyHolders";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";

/**
 * Bulk purchases through the customer API and v1, bought from VTpass's simulator over HTTP: VTpass
 * alone, so a declined row is the customer's refund rather than a move to the vendor. The background
 * worker's step (`placeQueuedRows`) is run by the tests, as the running app's pump would.
 */
const server = serverForFile({ PROVIDERS: "vtpass" });

let phones = 0;
/** A fresh number (MTN's 0803 for the first thousand) ending as asked: VTpass's simulator reads its last four digits. */
const phone = (ending = "5678") => `080${String(3_000 + ++phones)}${ending}`;
const airtimeRow = (over: Partial<BulkAirtimeRow> = {}): BulkAirtimeRow => ({
  phone: phone(),
  network_id: 1,
  amount: naira(100),
  ...over,
});

const preview = (c: Customer, rows: unknown[], kind: "airtime" | "data" = "airtime") =>
  server.send("POST /core/customer/bulk/preview", { token: c.token, body: { kind, rows } as never });
const start = (c: Customer, rows: unknown[], over: Record<string, unknown> = {}) =>
  server.send("POST /core/customer/bulk", {
    token: c.token,
    body: { kind: "airtime", rows, pin: c.pin, request_id: crypto.randomUUID(), ...over } as never,
  });
const progress = (c: Customer, id: string) =>
  server.sendOk("GET /core/customer/bulk/:id", { token: c.token, params: { id } });

let customer: Customer;
beforeAll(async () => {
  customer = await server.fundedCustomer(naira(20_000));
});

describe("checking rows before buying", () => {
  it("prices the good rows at the customer's level and says what is wrong with each bad one", async () => {
    const good = airtimeRow({ amount: naira(200) });
    const rows = [
      good,
      { phone: "12345", network_id: 1, amount: naira(100) },
      airtimeRow({ network_id: 9 }),
      airtimeRow({ amount: naira(10) }),
      { ...good },
      airtimeRow({ amount: naira(100) }),
    ];
    const answer = await preview(customer, rows);
    expect(answer.status).toBe(200);
    const checked = answer.data;
    if (!checked) throw new Error("no preview");
    expect(checked.rows.map((r) => [r.row, r.ok])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, true],
    ]);
    expect(checked.rows[1]).toMatchObject({
      msg: "Enter a Nigerian mobile number, like 08031234567.",
      fields: { phone: ["Enter a Nigerian mobile number, like 08031234567."] },
    });
    expect(checked.rows[2]).toMatchObject({
      msg: "Choose a network.",
      fields: { network_id: ["Choose a network."] },
    });
    expect(checked.rows[3]?.msg).toBe("MTN airtime is from ₦50 to ₦50,000.");
    expect(checked.rows[4]?.msg).toBe("The same as row 1: remove one, or buy it again on its own.");
    // MTN's 2% off, as one purchase of it is priced.
    expect(checked.rows[0]).toMatchObject({
      price: naira(196),
      description: `MTN airtime for ${good.phone}`,
    });
    expect(checked).toMatchObject({
      count: 6,
      good: 2,
      total: naira(196) + naira(98),
      balance: naira(20_000),
      covered: true,
    });
  });

  it("prices data plans and refuses one that does not exist", async () => {
    const plans = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: customer.token,
      params: { id: 1 },
    });
    const plan = plans[0];
    if (!plan) throw new Error("no data plan");
    const answer = await preview(
      customer,
      [
        { phone: phone(), plan_id: plan.id },
        { phone: phone(), plan_id: 999_999 },
      ],
      "data",
    );
    expect(answer.data?.rows).toEqual([
      expect.objectContaining({ row: 1, ok: true, price: plan.price }),
      expect.objectContaining({ row: 2, ok: false, msg: "Choose a data plan from the list." }),
    ]);
  });

  it("refuses the list itself when it is not a list of rows of the kind, or longer than 500", async () => {
    const many = Array.from({ length: maxBulkRows + 1 }, () => airtimeRow());
    const tooMany = await preview(customer, many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields).toEqual({ rows: [`At most ${maxBulkRows} numbers in one batch.`] });
    const notList = await server.send("POST /core/customer/bulk/preview", {
      token: customer.token,
      body: { kind: "airtime", rows: "08031234567" } as never,
    });
    expect(notList.status).toBe(400);
    const wrongKind = await server.send("POST /core/customer/bulk/preview", {
      token: customer.token,
      body: { kind: "tv", rows: [airtimeRow()] } as never,
    });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.code).toBe("invalid_input");
    const empty = await preview(customer, []);
    expect(empty.body.fields).toEqual({ rows: ["Add at least one number."] });
  });

  it("says when the wallet does not cover the good rows", async () => {
    const poor = await server.fundedCustomer(naira(150));
    const answer = await preview(poor, [airtimeRow(), airtimeRow()]);
    expect(answer.data).toMatchObject({ good: 2, total: naira(196), balance: naira(150), covered: false });
  });
});

describe("a batch", () => {
  it("buys every row as an ordinary purchase, and answers each row's outcome as its purchase settles", async () => {
    const c = await server.fundedCustomer(naira(5_000));
    const rows = [
      airtimeRow(),
      airtimeRow({ phone: phone("0000") }),
      airtimeRow({ phone: phone("1111") }),
      airtimeRow(),
    ];
    const started = await start(c, rows);
    expect(started.status).toBe(202);
    const batch = started.data;
    if (!batch) throw new Error(`refused: ${started.body.msg}`);
    expect(batch).toMatchObject({ status: "running", count: 4, queued: 4, done: 0, total: 4 * naira(98) });

    expect(await placeQueuedRows(server.deps)).toBe(4);
    const placed = await progress(c, batch.id);
    expect(placed).toMatchObject({
      status: "finished",
      queued: 0,
      done: 4,
      successful: 2,
      pending: 1,
      failed: 1,
    });
    expect(placed.rows.map((r) => r.status)).toEqual(["successful", "failed", "pending", "successful"]);
    expect(placed.rows.every((r) => r.reference !== null && r.phone === rows[r.row - 1]?.phone)).toBe(true);
    expect(placed.rows[1]?.msg).toBeTruthy();
    // Each airtime row says its value, which the price (the level's discount) does not.
    expect(placed.rows.map((r) => r.amount)).toEqual([naira(100), naira(100), naira(100), naira(100)]);
    expect(placed.charged).toBe(3 * naira(98));

    // The pending one settles by the requery worker, and the batch says so at once.
    // 1111: pending until VTpass's second requery says delivered.
    for (let i = 0; i < 2; i++) {
      server.clock.advance(60_000);
      expect(await requeryDue(server.deps)).toBe(1);
    }
    const settled = await progress(c, batch.id);
    expect(settled).toMatchObject({ successful: 3, pending: 0, failed: 1, charged: 3 * naira(98) });
    expect(await walletBalance(server.db, c.id)).toBe(naira(5_000) - 3 * naira(98));

    const list = await server.sendOk("GET /core/customer/bulk", { token: c.token });
    expect(list.results.map((b) => b.id)).toEqual([batch.id]);
    expect(list.results[0]).toMatchObject({ successful: 3, failed: 1 });
  });

  it("answers the same batch for the same request id, and refuses that id for another batch", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const rows = [airtimeRow()];
    const requestId = crypto.randomUUID();
    const first = await start(c, rows, { request_id: requestId });
    const again = await start(c, rows, { request_id: requestId });
    expect(again.data?.id).toBe(first.data?.id);
    const other = await start(c, [airtimeRow()], { request_id: requestId });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("request_id_reused");
    const mine = await server.db.select().from(bulkBatches).where(eq(bulkBatches.userId, c.id));
    expect(mine).toHaveLength(1);
  });

  it("refuses a batch with a bad row, naming the row, and buys nothing", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const answer = await start(c, [airtimeRow(), { phone: "0803", network_id: 1, amount: naira(100) }]);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe("Row 2: Enter a Nigerian mobile number, like 08031234567.");
    expect(answer.body.fields).toEqual({
      "rows.1.phone": ["Enter a Nigerian mobile number, like 08031234567."],
    });
    expect(await server.db.select().from(bulkBatches).where(eq(bulkBatches.userId, c.id))).toHaveLength(0);
  });

  it("refuses a batch the wallet cannot cover, before anything is bought", async () => {
    const c = await server.fundedCustomer(naira(100));
    const answer = await start(c, [airtimeRow(), airtimeRow()]);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe("insufficient_funds");
    expect(await server.db.select().from(bulkBatches).where(eq(bulkBatches.userId, c.id))).toHaveLength(0);
  });

  it("refuses a wrong PIN, and counts it toward the PIN's lock like any purchase's", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const wrong = c.pin === "0000" ? "1111" : "0000";
    for (let i = 0; i < 5; i++) {
      const answer = await start(c, [airtimeRow()], { pin: wrong });
      expect(answer.body.code).toBe(i < 4 ? "wrong_pin" : "locked");
    }
    const locked = await server.buyAirtime(c, phone());
    expect(locked.status).toBe(423);
    expect(await server.db.select().from(bulkBatches).where(eq(bulkBatches.userId, c.id))).toHaveLength(0);
  });

  it("is not found by another customer", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const started = await start(c, [airtimeRow()]);
    const id = started.data?.id as string;
    const other = await server.send("GET /core/customer/bulk/:id", { token: customer.token, params: { id } });
    expect(other.status).toBe(404);
    expect(await progress(c, id)).toMatchObject({ id });
    await placeQueuedRows(server.deps);
  });
});

describe("emergency mode", () => {
  it("refuses a preview while sales are paused, and the rows of a batch still queued, charging nothing", async () => {
    const admin = await server.signedInOperator("admin");
    const pause = (enabled: boolean) =>
      server.sendOk("POST /sys.admin/emergency-mode", {
        token: admin.token,
        body: enabled ? { enabled, message: "Provider outage. Back at 6pm." } : { enabled },
      });
    const c = await server.fundedCustomer(naira(1_000));
    const started = await start(c, [airtimeRow(), airtimeRow()]);
    const id = started.data?.id as string;
    await pause(true);
    try {
      const refused = await preview(c, [airtimeRow()]);
      expect(refused).toMatchObject({ status: 503, body: { msg: "Provider outage. Back at 6pm." } });
      await placeQueuedRows(server.deps);
    } finally {
      await pause(false);
    }
    const view = await progress(c, id);
    expect(view).toMatchObject({ status: "finished", failed: 2, charged: 0 });
    expect(view.rows.map((r) => [r.status, r.reference, r.msg])).toEqual([
      ["failed", null, "Provider outage. Back at 6pm."],
      ["failed", null, "Provider outage. Back at 6pm."],
    ]);
    expect(await walletBalance(server.db, c.id)).toBe(naira(1_000));
  });
});

describe("a program's batch (v1)", () => {
  it("buys the rows with the key, each purchase with its own webhook, and is read by id or request id", async () => {
    const holder = await keyHolder(server, { keyBody: { webhook_url: "https://hooks.example.com/ojapay" } });
    const requestId = crypto.randomUUID();
    const rows = [airtimeRow(), airtimeRow(), airtimeRow({ phone: phone("0000") })];
    const started = await server.send("POST /v1/batches", {
      token: holder.key,
      body: { kind: "airtime", rows, request_id: requestId },
    });
    expect(started.status).toBe(202);
    const id = started.data?.id as string;
    await placeQueuedRows(server.deps);
    const byRequest = await server.sendOk("GET /v1/batches/:id", {
      token: holder.key,
      params: { id: requestId },
    });
    expect(byRequest).toMatchObject({ id, status: "finished", successful: 2, failed: 1 });
    const ids = byRequest.rows.map((r) => r.transaction_id as string);
    const bought = await server.db.select().from(transactions).where(inArray(transactions.id, ids));
    expect(bought.every((t) => t.apiKeyId === holder.keyId && t.apiDialect === "v1")).toBe(true);
    // Each purchase says which batch it is a row of, as a customer's batch's do.
    expect(bought.map((t) => t.bulkBatchId)).toEqual([id, id, id]);
    const hooks = await server.db
      .select()
      .from(webhookDeliveries)
      .where(inArray(webhookDeliveries.transactionId, ids));
    expect(hooks).toHaveLength(3);
    // A full batch is past the 16 kB of a single order, and read whole: refused for the money, not the size.
    const full = Array.from({ length: maxBulkRows }, () => airtimeRow());
    const tooDear = await server.send("POST /v1/batches", {
      token: holder.key,
      body: { kind: "airtime", rows: full, request_id: crypto.randomUUID() },
    });
    expect(JSON.stringify(full).length).toBeGreaterThan(16 * 1024);
    expect(tooDear.body.code).toBe("insufficient_funds");
    const stranger = await keyHolder(server);
    const notTheirs = await server.send("GET /v1/batches/:id", { token: stranger.key, params: { id } });
    expect(notTheirs.status).toBe(404);
  });
});

describe("migration 0034", () => {
  it("marks the purchases of rows placed before it with their batch, and no other purchase", async () => {
    const c = await server.fundedCustomer(naira(2_000));
    const started = await start(c, [airtimeRow(), airtimeRow()]);
    const id = started.data?.id as string;
    await placeQueuedRows(server.deps);
    const single = await server.boughtAirtime(c, phone(), naira(100));
    const ofCustomer = async () =>
      (await server.db.select().from(transactions).where(eq(transactions.userId, c.id)))
        .filter((t) => t.kind === "airtime")
        .map((t) => [t.reference === single.reference, t.bulkBatchId]);
    // As a row placed before the column was written.
    await server.db.update(transactions).set({ bulkBatchId: null }).where(eq(transactions.userId, c.id));
    const file = new URL("../../server/db/migrations/0034_bulk_purchase_rows.sql", import.meta.url);
    const [, , backfill] = readFileSync(file, "utf8").split("--> statement-breakpoint");
    await server.db.execute(sql.raw(backfill as string));
    expect((await ofCustomer()).sort()).toEqual(
      [
        [false, id],
        [false, id],
        [true, null],
      ].sort(),
    );
  });
});
