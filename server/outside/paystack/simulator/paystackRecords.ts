import { randomBytes, randomInt } from "node:crypto";
import type { Clock } from "../../../clock";
import { openSimulatorJournal } from "../../simulation/simulatorJournal";

/** What the simulated Paystack remembers. Amounts in kobo; times ISO strings. */
export interface PaystackCustomer {
  id: number;
  customer_code: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  createdAt: string;
}

export interface PaystackAccount {
  id: number;
  account_number: string;
  account_name: string;
  bank: { name: string; id: number; slug: string };
  customerId: number;
  created_at: string;
}

export type PaystackStatus = "abandoned" | "failed" | "success";

export interface PaystackTransaction {
  id: number;
  reference: string;
  access_code: string;
  amount: number;
  currency: "NGN";
  customerId: number;
  status: PaystackStatus;
  channel: "card" | "bank_transfer" | "dedicated_nuban";
  gateway_response: string;
  paid_at: string | null;
  created_at: string;
  callback_url: string | null;
  metadata: unknown;
  fees: number | null;
  authorization: Record<string, unknown>;
}

type Entry =
  | { type: "customer"; customer: PaystackCustomer }
  | { type: "account"; account: PaystackAccount }
  | { type: "transaction"; transaction: PaystackTransaction };

export const banks: Record<string, { name: string; id: number; slug: string }> = {
  "test-bank": { name: "Test Bank", id: 24, slug: "test-bank" },
  "wema-bank": { name: "Wema Bank", id: 20, slug: "wema-bank" },
  "titan-paystack": { name: "Paystack-Titan", id: 199, slug: "titan-paystack" },
};

const alnum = (length: number) => randomBytes(length).toString("hex").slice(0, length);

/**
 * Customers, dedicated accounts and transactions, in memory, each change appended to the journal
 * and replayed at start, so a restarted app still finds its payments.
 */
export function openPaystackRecords(journalPath: string | null, clock: Clock) {
  const journal = openSimulatorJournal<Entry>(journalPath);
  const customers = new Map<number, PaystackCustomer>();
  const accounts = new Map<string, PaystackAccount>();
  const transactions = new Map<string, PaystackTransaction>();
  for (const entry of journal.replay()) {
    if (entry.type === "customer") customers.set(entry.customer.id, entry.customer);
    else if (entry.type === "account") accounts.set(entry.account.account_number, entry.account);
    else transactions.set(entry.transaction.reference, entry.transaction);
  }
  let nextId = Math.max(4_099_260_000, ...[...transactions.values()].map((t) => t.id)) + 1;
  let nextCustomerId = Math.max(29_000_000, ...[...customers.keys()]) + 1;

  const now = () => clock.now().toISOString();
  return {
    customer(id: number) {
      return customers.get(id);
    },
    customerByEmail(email: string) {
      return [...customers.values()].find((c) => c.email === email.toLowerCase());
    },
    customerByCode(code: string) {
      return [...customers.values()].find((c) => c.customer_code === code || String(c.id) === code);
    },
    saveCustomer(fields: {
      email: string;
      first_name?: string | null;
      last_name?: string | null;
      phone?: string | null;
    }) {
      const existing = this.customerByEmail(fields.email);
      const customer: PaystackCustomer = existing
        ? {
            ...existing,
            first_name: fields.first_name ?? existing.first_name,
            last_name: fields.last_name ?? existing.last_name,
            phone: fields.phone ?? existing.phone,
          }
        : {
            id: nextCustomerId++,
            customer_code: `CUS_${alnum(15)}`,
            email: fields.email.toLowerCase(),
            first_name: fields.first_name ?? null,
            last_name: fields.last_name ?? null,
            phone: fields.phone ?? null,
            createdAt: now(),
          };
      customers.set(customer.id, customer);
      journal.append({ type: "customer", customer });
      return customer;
    },
    accountOf(customerId: number, bankSlug: string) {
      return [...accounts.values()].find((a) => a.customerId === customerId && a.bank.slug === bankSlug);
    },
    account(number: string) {
      return accounts.get(number);
    },
    accounts() {
      return [...accounts.values()];
    },
    openAccount(
      customer: PaystackCustomer,
      bank: { name: string; id: number; slug: string },
      businessName: string,
    ) {
      let number: string;
      do number = `99${String(randomInt(0, 100_000_000)).padStart(8, "0")}`;
      while (accounts.has(number));
      const name = [customer.first_name, customer.last_name].filter(Boolean).join(" ") || customer.email;
      const account: PaystackAccount = {
        id: accounts.size + 100,
        account_number: number,
        account_name: `${businessName}/${name}`.toUpperCase(),
        bank,
        customerId: customer.id,
        created_at: now(),
      };
      accounts.set(number, account);
      journal.append({ type: "account", account });
      return account;
    },
    transaction(reference: string) {
      return transactions.get(reference);
    },
    byAccessCode(code: string) {
      return [...transactions.values()].find((t) => t.access_code === code);
    },
    transactions() {
      return [...transactions.values()];
    },
    newTransaction(fields: Omit<PaystackTransaction, "id" | "access_code" | "created_at">) {
      const transaction: PaystackTransaction = {
        ...fields,
        id: nextId++,
        access_code: alnum(15),
        created_at: now(),
      };
      transactions.set(transaction.reference, transaction);
      journal.append({ type: "transaction", transaction });
      return transaction;
    },
    update(reference: string, change: Partial<PaystackTransaction>) {
      const current = transactions.get(reference);
      if (!current) throw new Error(`no transaction ${reference}`);
      const transaction = { ...current, ...change };
      transactions.set(reference, transaction);
      journal.append({ type: "transaction", transaction });
      return transaction;
    },
    now,
  };
}

export type PaystackRecords = ReturnType<typeof openPaystackRecords>;

/** Paystack's fees: card 1.5% + ₦100 (waived under ₦2,500), capped at ₦2,000; transfers 1%, capped at ₦300. */
export function feesOf(amount: number, channel: PaystackTransaction["channel"]): number {
  if (channel === "dedicated_nuban") return Math.min(30_000, Math.round(amount * 0.01));
  const fee = Math.round(amount * 0.015) + (amount >= 250_000 ? 10_000 : 0);
  return Math.min(200_000, fee);
}

/** The transaction object Paystack answers in verify, list and webhook. */
export function transactionView(records: PaystackRecords, t: PaystackTransaction) {
  const customer = records.customer(t.customerId);
  return {
    id: t.id,
    domain: "test",
    status: t.status,
    reference: t.reference,
    receipt_number: null,
    amount: t.amount,
    message: null,
    gateway_response: t.gateway_response,
    paid_at: t.paid_at,
    created_at: t.created_at,
    channel: t.channel,
    currency: t.currency,
    ip_address: "102.88.0.1",
    metadata: t.metadata ?? null,
    log: null,
    fees: t.fees,
    fees_split: null,
    authorization: t.authorization,
    customer: customer && {
      id: customer.id,
      first_name: customer.first_name,
      last_name: customer.last_name,
      email: customer.email,
      customer_code: customer.customer_code,
      phone: customer.phone,
      metadata: null,
      risk_action: "default",
      international_format_phone: null,
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt: t.paid_at,
    createdAt: t.created_at,
    requested_amount: t.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
  };
}
