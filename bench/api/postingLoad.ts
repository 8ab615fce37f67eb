import { postings } from "../../server/services/ledger/postings";
import type { BenchApp } from "./benchApp";
import type { Outcome } from "./closedLoop";
import type { BenchCustomer } from "./customers";
import type { Scenario } from "./options";
import { customerFor } from "./purchaseLoad";

/** What each of the bench's own postings moves: ₦1 from staff funding into the wallet. */
export const postingKobo = 100;

/**
 * The raw ceiling: the project's own ledger posting (postings.fund, the staff-funding posting) in a
 * database transaction of its own, on the very database handle the app is using, to the wallets the
 * purchases of the same scenario used (so a hot wallet is hot here too). No HTTP, no checks, no PIN:
 * what the database and the ledger's triggers allow.
 */
export function postingOperation(app: BenchApp, customers: readonly BenchCustomer[], scenario: Scenario) {
  const { db, clock } = app.deps;
  return async (worker: number): Promise<Outcome> => {
    const customer = customerFor(customers, scenario, worker);
    await db.transaction((tx) =>
      postings.fund(
        tx,
        clock,
        customer.fundingTransactionId,
        customer.walletId,
        postingKobo,
        "staff_funding",
      ),
    );
    return null;
  };
}
