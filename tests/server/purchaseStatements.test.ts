import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { transactions } from "../../server/db/schema";
import { settleHeld } from "../../server/services/purchases/settlePurchase";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { naira, serverForFile } from "./support/serverForFile";
import { countStatements } from "./support/statementCounter";

const server = serverForFile();

/**
 * What one delivered airtime purchase costs the database, from the request to the answer (the session
 * lookup, the checks, the hold, the settle). Each statement is a round trip, so this is the number the
 * purchase path is tuned by: a change that adds one fails here and has to say why.
 */
const statementsPerPurchase = 4;

describe("statements per purchase", () => {
  it(`a delivered airtime purchase sends at most ${statementsPerPurchase} statements`, async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const buy = (phone: string) => server.buyAirtime(c, phone, naira(100));
    // The first purchase fills what the process keeps between requests; the second is the steady state.
    expect((await buy("08031230001")).data?.status).toBe("successful");
    const { result, count, statements } = await countStatements(server.db, () => buy("08031230002"));
    expect(result.data?.status).toBe("successful");
    if (process.env.SHOW_STATEMENTS) console.log(count, statements.join("\n"));
    expect(count).toBeLessThanOrEqual(statementsPerPurchase);
  });

  it("a purchase VTpass refuses and the vendor delivers costs one statement more: the move", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const buy = (phone: string) => server.buyAirtime(c, phone, naira(100));
    expect((await buy("08031230003")).data?.status).toBe("successful");
    server.vtpass.script("08031230004", { code: "016" });
    const { result, count, statements } = await countStatements(server.db, () => buy("08031230004"));
    expect(result.data?.status).toBe("successful");
    if (process.env.SHOW_STATEMENTS) console.log(count, statements.join("\n"));
    expect(server.msorg.records().filter((r) => r.recipient === "08031230004")).toHaveLength(1);
    expect(count).toBeLessThanOrEqual(statementsPerPurchase + 1);
  });
});

describe("the purchase's own one-statement settle", () => {
  it("moves nothing when the purchase was settled first by someone else", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const request_id = crypto.randomUUID();
    // Declined at once (a number ending 0000): failed, the money back.
    const answer = await server.send("POST /core/customer/airtime", {
      token: c.token,
      body: { network_id: 1, phone: "08031230000", amount: naira(100), pin: c.pin, request_id },
    });
    expect(answer.data?.status).toBe("failed");
    const [row] = await server.db
      .select()
      .from(transactions)
      .where(eq(transactions.reference, answer.data?.reference ?? ""));
    if (!row) throw new Error("no purchase");
    // A late "delivered" for the row as it was when held: the UPDATE finds it no longer pending.
    const late = await settleHeld(
      server.deps,
      { ...row, status: "pending" },
      { status: "successful" },
      { userId: c.id, requestId: request_id },
    );
    expect(late.status).toBe("failed");
    expect(await walletBalance(server.db, c.id)).toBe(naira(1_000));
    await expectLedgerConsistent(server.db);
  });
});
