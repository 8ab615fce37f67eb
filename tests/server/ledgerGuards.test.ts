import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ledgerEntries, wallets } from "../../server/db/schema";
import { postLedger, UnbalancedLedger } from "../../server/services/ledger/postLedger";
import { walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

async function walletOf(userId: string) {
  const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, userId));
  return wallet as typeof wallets.$inferSelect;
}

describe("the ledger, as the database keeps it", () => {
  it("refuses a ledger transaction whose entries do not sum to zero, at commit", async () => {
    const c = await server.signedInCustomer();
    const wallet = await walletOf(c.id);
    const attempt = server.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into ledger_transactions (id, kind, created_at) values ('00000000-0000-4000-8000-000000000001', 'forged', now())`,
      );
      await tx.insert(ledgerEntries).values({
        ledgerTransactionId: "00000000-0000-4000-8000-000000000001",
        walletId: wallet.id,
        amount: 1_000_000,
        createdAt: new Date(),
      });
    });
    await expect(attempt).rejects.toThrow();
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("refuses to post unbalanced lines before touching the database", async () => {
    const c = await server.signedInCustomer();
    const wallet = await walletOf(c.id);
    await expect(
      server.db.transaction((tx) =>
        postLedger(tx, server.clock, "forged", null, [{ account: { wallet: wallet.id }, amount: 500 }]),
      ),
    ).rejects.toBeInstanceOf(UnbalancedLedger);
  });

  it("never lets an entry be changed or removed", async () => {
    const c = await server.signedInCustomer();
    await server.fund(c.id, 10_000);
    const wallet = await walletOf(c.id);
    await expect(
      server.db.update(ledgerEntries).set({ amount: 999_999 }).where(eq(ledgerEntries.walletId, wallet.id)),
    ).rejects.toThrow();
    await expect(
      server.db.delete(ledgerEntries).where(eq(ledgerEntries.walletId, wallet.id)),
    ).rejects.toThrow();
    expect(await walletBalance(server.db, c.id)).toBe(10_000);
  });

  it("moves a balance only through entries", async () => {
    const c = await server.signedInCustomer();
    await expect(
      server.db.update(wallets).set({ balance: 1_000_000 }).where(eq(wallets.userId, c.id)),
    ).rejects.toThrow();
    expect(await walletBalance(server.db, c.id)).toBe(0);
  });

  it("refuses an entry that would overdraw a wallet", async () => {
    const c = await server.signedInCustomer();
    await server.fund(c.id, 5_000);
    const wallet = await walletOf(c.id);
    await expect(
      server.db.transaction((tx) =>
        postLedger(tx, server.clock, "overdraw", null, [
          { account: { wallet: wallet.id }, amount: -5_001 },
          { account: { house: "revenue" }, amount: 5_001 },
        ]),
      ),
    ).rejects.toThrow();
    expect(await walletBalance(server.db, c.id)).toBe(5_000);
  });
});
