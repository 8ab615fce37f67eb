import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../server/db/schema";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { naira, serverForFile } from "./support/serverForFile";

const server = serverForFile();

const minutes = (n: number) => n * 60_000;

describe("a purchase VTpass never receives, nor any re-send of it", () => {
  it("is re-sent only in its first half hour, and fails half an hour after the last send, its money back", async () => {
    const c = await server.fundedCustomer(naira(5_000));
    const before = await walletBalance(server.db, c.id);
    const to = "08051007777";
    // Every call about this number is lost on the way: the purchase's own, and each re-send.
    for (let i = 0; i < 10; i++) server.vtpass.script(to, { kind: "no-answer", keep: "none" });
    const bought = await server.buyAirtime(c, to, naira(100));
    expect(bought.data?.status).toBe("pending");
    const reference = bought.data?.reference ?? "";
    const row = async () =>
      (await server.db.select().from(transactions).where(eq(transactions.reference, reference)))[0];
    const pays = () =>
      server.vtpass.requests.filter((r) => r.method === "POST" && r.path.endsWith("/api/pay")).length;
    const requery = async (after: number) => {
      server.clock.advance(after);
      while ((await requeryDue(server.deps)) > 0) {}
      return row();
    };
    expect(pays()).toBe(1);

    // 5 minutes in, VTpass has no record: re-sent with the same request id, and lost again.
    expect((await requery(minutes(5)))?.status).toBe("pending");
    expect(pays()).toBe(2);
    // 34 minutes in, 29 after the re-send: no more re-sends, and too soon to be sure none arrives late.
    expect((await requery(minutes(29)))?.status).toBe("pending");
    expect(pays()).toBe(2);
    // 31 minutes after the last send, VTpass still has no record: nothing of ours can arrive now.
    const settled = await requery(minutes(2));
    expect(settled?.status).toBe("failed");
    expect(pays()).toBe(2);
    expect(server.vtpass.transaction(settled?.providerRequestId ?? "")).toBeUndefined();
    expect(await walletBalance(server.db, c.id)).toBe(before);
    await expectLedgerConsistent(server.db);
  });
});
