import { eq, getTableColumns, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jsonRow, rowFromJson, wholeJsonRow } from "../../server/db/jsonRows";
import { ledgerEntries, notifications, transactions, wallets } from "../../server/db/schema";
import { purchaseKindsLiteral } from "../../server/services/kyc/tierLimits";
import { holdRows } from "../../server/services/purchases/placePurchase";
import { serverForFile } from "./support/serverForFile";

// purchase_hold (migrations 0009 and 0014) writes whole rows the process hands it as JSON keyed by
// column: every value the process gives must arrive, and the purchase it answers must read back as
// Drizzle reads the table.
const server = serverForFile();

type JsonRow = Record<string, unknown>;

/** A value as the database answers it in JSON, for comparing: moments as milliseconds. */
const comparable = (value: unknown) =>
  typeof value === "string" && /^\d{4}-\d\d-\d\dT/.test(value) ? new Date(value).getTime() : value;

async function stored(table: string, where: string, id: unknown): Promise<JsonRow[]> {
  const rows = await server.db
    .select({ row: sql<JsonRow>`to_jsonb(t)` })
    .from(sql`${sql.identifier(table)} as t`)
    .where(sql`${sql.identifier(where)} = ${id}`);
  return rows.map((r) => r.row);
}

function expectWritten(given: JsonRow, found: JsonRow | undefined) {
  expect(found).toBeDefined();
  for (const [column, value] of Object.entries(given))
    expect(comparable(found?.[column]), column).toEqual(comparable(JSON.parse(JSON.stringify(value))));
}

describe("purchase_hold", () => {
  it("writes every value of every row it is given, and answers the purchase as Drizzle reads it", async () => {
    const c = await server.fundedCustomer(50_000);
    const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, c.id));
    if (!wallet) throw new Error("no wallet");
    const rows = holdRows(server.deps, {
      user: { id: c.id },
      walletId: wallet.id,
      requestId: crypto.randomUUID(),
      hash: "a".repeat(64),
      scope: "airtime",
      order: {
        kind: "airtime",
        recipient: "08031234567",
        quote: { amount: 10_000, fee: 50, discount: 200, total: 9_850 },
        description: "Quotes ' and \" and naira ₦ survive",
        product: "MTN ₦100 airtime",
        customerName: "ADA OBI",
        offers: [],
        routeScope: { networkId: 1, planType: null },
      },
      offer: {
        provider: "vtpass",
        cost: 9_700,
        delivery: { service: "airtime", serviceId: "mtn", phone: "08031234567", amount: 10_000 },
      },
    });
    const [held] = await server.db
      .select({
        answer: sql<{ outcome: string; purchase: JsonRow }>`purchase_hold(${c.id}::uuid, ${wallet.id}::uuid,
          ${rows.request.request_id}::uuid, 'airtime', '08031234567', 9850, null,
          ${purchaseKindsLiteral}::text[], 100000000, ${JSON.stringify(rows)}::jsonb, null, null)`,
      })
      .from(sql`(select 1) as one`);
    expect(held?.answer.outcome).toBe("held");
    const id = rows.purchase.id;

    const [purchase] = await stored("transactions", "id", id);
    expectWritten(rows.purchase, purchase);
    expect(purchase).toMatchObject({ balance_before: 50_000, balance_after: 40_150, requery_attempts: 0 });
    expectWritten(rows.request, (await stored("idempotency_keys", "transaction_id", id))[0]);
    expectWritten(rows.ledger_transaction, (await stored("ledger_transactions", "transaction_id", id))[0]);
    const entries = await stored("ledger_entries", "ledger_transaction_id", rows.ledger_transaction.id);
    expect(entries).toHaveLength(rows.entries.length);
    for (const entry of rows.entries)
      expectWritten(
        entry,
        entries.find((e) => e.amount === entry.amount),
      );
    expectWritten(rows.event, (await stored("transaction_events", "transaction_id", id))[0]);

    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.id, String(id)));
    expect(rowFromJson(transactions, held?.answer.purchase ?? {})).toEqual(row);
  });
});

const columnNames = (table: typeof transactions) =>
  Object.values(getTableColumns(table))
    .map((column) => column.name)
    .sort();

describe("rows as JSON keyed by column", () => {
  it("keys a row's given values by column name and leaves out the undefined", () => {
    const now = new Date();
    expect(jsonRow(notifications, { title: "t", body: "b", userId: undefined, createdAt: now })).toEqual({
      title: "t",
      body: "b",
      created_at: now,
    });
  });

  it("gives a whole row every column but those the database numbers, from defaults where not given", () => {
    const now = new Date();
    const row = wholeJsonRow(transactions, {
      id: "00000000-0000-4000-8000-000000000001",
      reference: "AIR-1",
      userId: "00000000-0000-4000-8000-000000000002",
      walletId: "00000000-0000-4000-8000-000000000004",
      kind: "airtime",
      status: "pending",
      amount: 100,
      total: 100,
      description: "d",
      createdAt: now,
      updatedAt: now,
    });
    expect(row).toMatchObject({ fee: 0, discount: 0, cost: 0, requery_attempts: 0, token: null });
    expect(Object.keys(row).sort()).toEqual(columnNames(transactions));
    const entry = wholeJsonRow(ledgerEntries, {
      ledgerTransactionId: "00000000-0000-4000-8000-000000000003",
      houseAccount: "revenue",
      amount: 5,
      createdAt: now,
    });
    expect(entry).not.toHaveProperty("id");
    expect(entry).toMatchObject({ wallet_id: null, amount: 5 });
  });

  it("refuses a whole row missing a required value the database would refuse", () => {
    expect(() => wholeJsonRow(transactions, { reference: "AIR-1" } as never)).toThrow(/needs a value/);
  });

  it("refuses a key that is not one of the table's columns", () => {
    expect(() => jsonRow(notifications, { title: "t", nope: 1 } as never)).toThrow(/nope is not a column/);
  });
});
