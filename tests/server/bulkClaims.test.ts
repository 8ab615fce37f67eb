import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bulkRows, transactions } from "../../server/db/schema";
import { claimRows } from "../../server/services/bulk/bulkClaims";
import { placeQueuedRows, placeRow } from "../../server/services/bulk/bulkPlacing";
import { startBulkPump } from "../../server/services/bulk/bulkPump";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";

/**
 * How instances share a batch's rows: claimed in the database, each by one instance at a time under
 * a lease; a dead instance's claims taken over at once. On Postgres the claims truly race; PGlite
 * runs one statement at a time, so there the same checks hold trivially.
 */
const server = serverForFile({ PROVIDERS: "vtpass" });

const startBatch = async (c: Customer, size: number, prefix: string) => {
  const rows = Array.from({ length: size }, (_, i) => ({
    phone: `0803${prefix}${String(5_000 + i)}`,
    network_id: 1,
    amount: naira(100),
  }));
  const batch = await server.sendOk("POST /core/customer/bulk", {
    token: c.token,
    body: { kind: "airtime", rows, pin: c.pin, request_id: crypto.randomUUID() },
  });
  return { batch, rows };
};

const boughtFor = (userId: string) =>
  server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.kind, "airtime")));

describe("two instances on one batch", () => {
  it("never claim the same row, and buy each row once between them", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const { batch, rows } = await startBatch(c, 40, "100");
    const other = await server.announceInstance();
    const second = { ...server.deps, instance: other };
    try {
      // Claims racing each other, in rounds, until every row is someone's.
      const claimed: string[] = [];
      for (let round = 0; round < 10 && claimed.length < 40; round++) {
        const both = await Promise.all([
          claimRows(server.deps, 3),
          claimRows(second, 3),
          claimRows(server.deps, 3),
          claimRows(second, 3),
        ]);
        claimed.push(...both.flat().map((r) => `${r.batchId}:${r.row}`));
      }
      expect(claimed).toHaveLength(40);
      expect(new Set(claimed).size).toBe(40);
      // Leased: neither takes another's row while it lives and its lease runs.
      expect(await claimRows(server.deps, 40)).toHaveLength(0);

      // The leases run out (a stuck placing): both instances place what is queued, at once.
      server.clock.advance(10 * 60_000);
      const placed = await Promise.all([placeQueuedRows(server.deps, 3), placeQueuedRows(second, 3)]);
      expect(placed[0] + placed[1]).toBe(40);
    } finally {
      await other.close();
    }
    const bought = await boughtFor(c.id);
    expect(bought).toHaveLength(40);
    expect(new Set(bought.map((t) => t.recipient))).toEqual(new Set(rows.map((r) => r.phone)));
    const total = bought.reduce((sum, t) => sum + t.total, 0);
    expect(await walletBalance(server.db, c.id)).toBe(naira(10_000) - total);
    const view = await server.sendOk("GET /core/customer/bulk/:id", {
      token: c.token,
      params: { id: batch.id },
    });
    // Delivered, or pending where the provider's answer was slower than its time limit on a busy machine.
    expect(view).toMatchObject({ status: "finished", done: 40, failed: 0, charged: total });
  });

  it("takes over at once the rows a dead instance had claimed, and buys none twice", async () => {
    const c = await server.fundedCustomer(naira(5_000));
    const { batch } = await startBatch(c, 6, "200");
    const gone = await server.announceInstance();
    const goneDeps = { ...server.deps, instance: gone };
    const claimed = await claimRows(goneDeps, 6);
    expect(claimed).toHaveLength(6);
    // It bought the first two rows, then died before it could record them.
    const early = claimed.slice(0, 2);
    await Promise.all(early.map((row) => placeRow(goneDeps, row)));
    await server.db
      .update(bulkRows)
      .set({ transactionId: null, placedAt: null })
      .where(
        and(
          eq(bulkRows.batchId, batch.id),
          inArray(
            bulkRows.row,
            early.map((r) => r.row),
          ),
        ),
      );
    await gone.close();

    // No clock moved: its leases still run, but nobody holds them.
    expect(await placeQueuedRows(server.deps)).toBe(6);
    const bought = await boughtFor(c.id);
    expect(bought).toHaveLength(6);
    const view = await server.sendOk("GET /core/customer/bulk/:id", {
      token: c.token,
      params: { id: batch.id },
    });
    expect(view).toMatchObject({ status: "finished", done: 6, failed: 0 });
    expect(new Set(view.rows.map((r) => r.transaction_id)).size).toBe(6);
  });
});

describe("the pump", () => {
  it("places a whole batch on its own, however often it is woken while it has no room", async () => {
    const c = await server.fundedCustomer(naira(5_000));
    const { batch } = await startBatch(c, 20, "300");
    const pump = startBulkPump(server.deps);
    try {
      // Woken again at once, while its places are full, as a background run or a new batch does.
      await Promise.all([pump.run(), pump.run(), pump.run()]);
      await pump.run();
      const until = Date.now() + 60_000;
      let view = await server.sendOk("GET /core/customer/bulk/:id", {
        token: c.token,
        params: { id: batch.id },
      });
      while (view.status !== "finished" && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        view = await server.sendOk("GET /core/customer/bulk/:id", {
          token: c.token,
          params: { id: batch.id },
        });
      }
      expect(view).toMatchObject({ status: "finished", done: 20, failed: 0 });
    } finally {
      await pump.stop();
    }
  });
});
