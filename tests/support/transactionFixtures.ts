import { type Circular, circular as circularSchema } from "../../schemas/notices";
import { type PublicStatus, publicStatus } from "../../schemas/status";
import { type Transaction, transaction as transactionSchema } from "../../schemas/transactions";
import { type WalletSummary, walletSummary } from "../../schemas/wallet";
import { type TransactionPage, transactionPage } from "../../src/api/customerApi";

// Every fixture goes through the shared schema, so a test can never feed a page an answer the API
// client itself would have refused.

let serial = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function transaction(overrides: Partial<Transaction> = {}): Transaction {
  serial += 1;
  return transactionSchema.parse({
    id: uuid(serial),
    reference: `OJA-TEST${String(serial).padStart(4, "0")}`,
    kind: "airtime",
    status: "successful",
    amount: 50_000,
    fee: 0,
    discount: 0,
    total: 50_000,
    description: "MTN airtime",
    recipient: "08031234567",
    product: "MTN VTU",
    provider_reference: null,
    token: null,
    units: null,
    customer_name: null,
    failure_reason: null,
    balance_before: null,
    balance_after: null,
    created_at: "2026-01-05T14:04:00.000Z",
    updated_at: "2026-01-05T14:04:05.000Z",
    ...overrides,
  });
}

export function funding(overrides: Partial<Transaction> = {}): Transaction {
  return transaction({
    kind: "funding",
    description: "Wallet funding",
    recipient: null,
    product: null,
    amount: 500_000,
    total: 500_000,
    ...overrides,
  });
}

export function transactionsPage(
  results: Transaction[],
  { count = results.length, page = 1, page_size = 20 }: Partial<Omit<TransactionPage, "results">> = {},
): TransactionPage {
  return transactionPage.parse({ count, page, page_size, results });
}

export function wallet(overrides: Partial<WalletSummary> = {}): WalletSummary {
  return walletSummary.parse({ number: "3012345678", balance: 1_250_050, pending_total: 0, ...overrides });
}

export function circular(overrides: Partial<Circular> = {}): Circular {
  serial += 1;
  return circularSchema.parse({
    id: uuid(serial),
    title: "Maintenance tonight",
    body: "Data purchases may be slow between 1am and 2am.",
    starts_at: "2026-01-01T00:00:00.000Z",
    ends_at: "2026-12-31T00:00:00.000Z",
    ...overrides,
  });
}

export function status(emergency: Partial<PublicStatus["emergency"]> = {}): PublicStatus {
  return publicStatus.parse({ emergency: { enabled: false, message: "", ...emergency } });
}

/** A promise the test settles by hand, to see a page while its call is still out. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
