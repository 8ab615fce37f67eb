import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { countStatements } from "./support/statementCounter";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await expectLedgerConsistent(server.db);
  await server.close();
});

const naira = (n: number) => n * 100;

/**
 * What one delivered airtime purchase costs the database, from the request to the answer (the session
 * lookup, the checks, the hold, the settle). Each statement is a round trip, so this is the number the
 * purchase path is tuned by: a change that adds one fails here and has to say why.
 */
const statementsPerPurchase = 14;

describe("statements per purchase", () => {
  it(`a delivered airtime purchase sends at most ${statementsPerPurchase} statements`, async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const buy = (phone: string) =>
      server.send("POST /core/customer/airtime", {
        token: c.token,
        body: { network_id: 1, phone, amount: naira(100), pin: c.pin, request_id: crypto.randomUUID() },
      });
    // The first purchase fills what the process keeps between requests; the second is the steady state.
    expect((await buy("08031230001")).data?.status).toBe("successful");
    const { result, count, statements } = await countStatements(server.db, () => buy("08031230002"));
    expect(result.data?.status).toBe("successful");
    if (process.env.SHOW_STATEMENTS) console.log(count, statements.join("\n"));
    expect(count).toBeLessThanOrEqual(statementsPerPurchase);
  });
});
