import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

const planOf = async (query: string) => {
  const result = (await server.db.execute(sql.raw(`explain ${query}`))) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows.map((row) => Object.values(row).join(" ")).join("\n");
};

describe("the wallet read", () => {
  it("answers the balance and what pending purchases hold", async () => {
    const c = await server.fundedCustomer(50_000);
    // VTpass answers "processing" (099): the purchase stays pending, its money held.
    server.vtpass.script("08031239990", { code: "099" });
    const bought = await server.buyAirtime(c, "08031239990", 10_000);
    expect(bought.data?.status).toBe("pending");
    const wallet = await server.sendOk("GET /core/customer/wallet", { token: c.token });
    expect(wallet).toMatchObject({
      balance: 50_000 - (bought.data?.total ?? 0),
      pending_total: bought.data?.total,
    });
  });

  it("finds a customer's pending purchases by the small pending index, not through all they ever bought", async () => {
    // However few rows the test holds, the planner is asked for an index path: which index it takes is the point.
    await server.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = await planOf(
        `select coalesce(sum(total), 0) from transactions where user_id = '00000000-0000-4000-8000-000000000000' and status = 'pending' and kind in ('airtime', 'data', 'tv', 'electricity')`,
      );
      expect(plan).toContain("transactions_user_pending_idx");
    } finally {
      await server.db.execute(sql`reset enable_seqscan`);
    }
  });
});
