import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRow, rowFromJson } from "../../server/db/jsonRows";
import { notifications, transactions, wallets } from "../../server/db/schema";
import { createTestServer, type TestServer } from "./support/testServer";

// The purchase's hold hands its rows to the database as JSON (insert_json_rows, migration 0009) and
// reads the purchase back the same way: every column type it writes must arrive, and come back, as
// Drizzle would have written and read it.
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

async function insertJson(table: string, rows: unknown): Promise<Record<string, unknown>[]> {
  const written = await server.db
    .select({ row: sql<Record<string, unknown>>`written` })
    .from(sql`insert_json_rows(${table}::regclass, ${JSON.stringify(rows)}::jsonb) as written`);
  return written.map((w) => w.row);
}

describe("rows written and read as JSON", () => {
  it("writes every kind of column of a purchase and reads it back as Drizzle reads the table", async () => {
    const c = await server.signedInCustomer();
    const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, c.id));
    if (!wallet) throw new Error("no wallet");
    const now = new Date("2026-11-26T21:05:06.789Z");
    const values = {
      id: crypto.randomUUID(),
      reference: "TEST-JSON-1",
      userId: c.id,
      walletId: wallet.id,
      kind: "airtime" as const,
      status: "pending" as const,
      amount: 12_345_678_901,
      total: 12_345_678_901,
      description: "Quotes ' and \" and naira ₦ survive",
      recipient: "08031234567",
      order: { service: "airtime", serviceId: "mtn", phone: "08031234567", amount: 100, nested: [1, "x"] },
      customerName: null,
      nextRequeryAt: now,
      createdAt: now,
      updatedAt: now,
    };
    const [answered] = await insertJson("transactions", jsonRow(transactions, values));
    if (!answered) throw new Error("nothing written");
    const [stored] = await server.db.select().from(transactions).where(eq(transactions.id, values.id));
    expect(rowFromJson(transactions, answered)).toEqual(stored);
    // Columns left out take their defaults; given ones are as sent.
    expect(stored).toMatchObject({
      ...values,
      fee: 0,
      discount: 0,
      cost: 0,
      requeryAttempts: 0,
      token: null,
    });
  });

  it("writes several rows at once, each column defaulted when no row gives it", async () => {
    const now = new Date();
    const rows = ["First", "Second"].map((title) =>
      jsonRow(notifications, { title, body: "b", createdAt: now }),
    );
    const answered = await insertJson("notifications", rows);
    expect(answered.map((row) => rowFromJson(notifications, row))).toEqual([
      { id: expect.any(String), userId: null, title: "First", body: "b", createdBy: null, createdAt: now },
      { id: expect.any(String), userId: null, title: "Second", body: "b", createdBy: null, createdAt: now },
    ]);
  });

  it("refuses a key that is not one of the table's columns", () => {
    expect(() => jsonRow(notifications, { title: "t", nope: 1 } as never)).toThrow(/nope is not a column/);
  });
});
