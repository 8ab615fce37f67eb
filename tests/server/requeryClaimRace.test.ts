import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../server/db/schema";
import { claimPurchasesDue, requeryOne } from "../../server/services/purchases/requeryWorker";
import { settleHeld } from "../../server/services/purchases/settlePurchase";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { naira, serverForFile } from "./support/serverForFile";

// Two hands on one purchase: its own call's answer and the requery worker. A purchase whose own call
// is answered "failed" only after the worker claimed it must not be refunded by that answer: the
// worker may find VTpass has no record and re-send the same request id, which delivers.
const server = serverForFile();

/** A purchase VTpass answers "processing" and keeps nothing of: pending, as far as VTpass knows never sent. */
async function pendingPurchase(to: string) {
  const c = await server.fundedCustomer(naira(5000));
  server.vtpass.script(to, { code: "099", keep: "none" });
  const request_id = crypto.randomUUID();
  const bought = await server.send("POST /core/customer/airtime", {
    token: c.token,
    body: { network_id: 1, phone: to, amount: naira(1000), pin: c.pin, request_id },
  });
  expect(bought.data?.status).toBe("pending");
  const [held] = await server.db
    .select()
    .from(transactions)
    .where(eq(transactions.reference, bought.data?.reference ?? ""));
  if (!held) throw new Error("no purchase");
  return { c, held, answered: { userId: c.id, requestId: request_id } };
}

const declined = { status: "failed", reason: "VTpass: TRANSACTION FAILED", safeToFailOver: true } as const;

describe("a purchase the requery worker claimed while its own call was answered", () => {
  it("is left to the worker, which re-sends it and delivers it: charged once, never refunded", async () => {
    const to = "08031239871";
    const { c, held, answered } = await pendingPurchase(to);

    // The requery worker claims it (its time has come) while the purchase's own call is still out.
    server.clock.advance(60_000);
    const claimed = await claimPurchasesDue(server.deps, "vtpass", 20);
    const mine = claimed.find((row) => row.id === held.id);
    expect(mine).toBeDefined();

    // Then the own call answers a definite failure: it leaves the purchase to the worker.
    const afterOwn = await settleHeld(server.deps, held, declined, answered);
    expect(afterOwn.status).toBe("pending");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000) - held.total);

    // The worker asks VTpass, which has no record (015), re-sends the same request id, and it delivers.
    if (!mine) throw new Error("not claimed");
    const settled = await requeryOne(server.deps, mine, "requery");
    expect(settled.status).toBe("successful");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000) - held.total);
    const pays = server.vtpass.requests.filter(
      (r) => r.path.endsWith("/pay") && (r.body as { phone?: string }).phone === to,
    );
    expect(pays).toHaveLength(2);
    await expectLedgerConsistent(server.db);
  });

  it("is refunded by the own answer when the worker has not claimed it", async () => {
    const { c, held, answered } = await pendingPurchase("08031239872");
    const after = await settleHeld(server.deps, held, declined, answered);
    expect(after.status).toBe("failed");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
  });
});
