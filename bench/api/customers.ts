import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { defaultKycLimits } from "../../schemas/kyc";
import { apiKeys, users, wallets } from "../../server/db/schema";
import type { UserRow } from "../../server/deps";
import { staffFund } from "../../server/services/funding/staffFunding";
import { readKycLimits } from "../../server/services/kyc/tierLimits";
import { overrideTier, setKycLimits } from "../../server/services/kyc/tierSettings";
import { createApiKey } from "../../server/services/resellers/apiKeys";
import { callOk } from "./apiCall";
import { type BenchApp, benchAdmin } from "./benchApp";
import type { HttpClient } from "./httpClient";

export interface BenchCustomer {
  id: string;
  email: string;
  token: string;
  pin: string;
  walletId: string;
  /** Their first staff funding: the bench's own ledger postings are booked against it. */
  fundingTransactionId: string;
  /** Their API key (level api), for the v1 API's purchases. */
  key: string;
}

const naira = (n: number) => n * 100;

/** What every bench customer is given, said in the output. */
export const customerSetup = {
  count: 32,
  pin: "2468",
  kycTier: 3,
  /** Tier 3's daily purchase limit raised to the most an admin may set, so no run meets it. */
  tier3DailyLimitKobo: naira(1_000_000_000),
  /** Before every point each wallet is topped up by staff funding to at least this (₦1,000,000 a funding at most). */
  walletFloorKobo: naira(2_000_000),
  /**
   * Every customer is at the api level with one key, whose rate limit is raised past anything the
   * bench sends, as an operator would for a reseller with that volume (the default, 10 a second with
   * bursts of 30, would measure the limit, not the API).
   */
  level: "api",
  keyRatePerSecond: 100_000,
} as const;

const fundingStep = naira(1_000_000);

async function benchAdminRow(app: BenchApp): Promise<UserRow> {
  const [admin] = await app.deps.db.select().from(users).where(eq(users.email, benchAdmin.email));
  if (!admin) throw new Error("the bench's admin was not created");
  return admin;
}

/**
 * One customer as a person would become one, through the API: sign up, the emailed code, sign in,
 * the transaction PIN through its emailed code (so it is hashed as the app hashes PINs at this commit).
 */
async function signUp(app: BenchApp, client: HttpClient, n: number) {
  const email = `bench.customer.${n}.${randomUUID().slice(0, 8)}@example.com`;
  const password = "quiet harbour lantern 42";
  const { ticket } = await callOk(
    client,
    "POST /auth/register",
    {
      first_name: "Bench",
      last_name: "Customer",
      email,
      phone: `0803${String(1_000_000 + n).padStart(7, "0")}`,
      password,
    },
    undefined,
    201,
  );
  // Codes leave through the outbox just after the answer: send them before reading the mailbox.
  await app.deps.outbox.idle();
  await callOk(client, "POST /auth/code/verify", { email, ticket, code: app.mailbox.lastCode(email) });
  const { token } = await callOk(client, "POST /auth/login", { email, password });
  await callOk(client, "POST /customer/pin-reset/request", {}, token);
  await app.deps.outbox.idle();
  await callOk(
    client,
    "POST /customer/pin-reset/confirm",
    { code: app.mailbox.lastCode(email), new_pin: customerSetup.pin },
    token,
  );
  const [row] = await app.deps.db
    .select({ id: users.id, walletId: wallets.id })
    .from(users)
    .innerJoin(wallets, eq(wallets.userId, users.id))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} has no wallet`);
  return { ...row, email, token };
}

/** Staff funding, as Find customer does it, until the wallet holds at least `floor`; the first funding's id. */
async function fundTo(app: BenchApp, admin: UserRow, customerId: string, balance: number, floor: number) {
  let first: string | undefined;
  for (let held = balance; held < floor; held += fundingStep) {
    const funded = await staffFund(
      app.deps,
      admin,
      customerId,
      { amount: fundingStep, reason: "bench:api wallet funding", request_id: randomUUID() },
      null,
    );
    first ??= funded.id;
  }
  return first;
}

/** The customer at the api level with one key, its rate limit out of the bench's way. */
async function apiKeyFor(app: BenchApp, customerId: string): Promise<string> {
  await app.deps.db.update(users).set({ priceLevel: customerSetup.level }).where(eq(users.id, customerId));
  const [user] = await app.deps.db.select().from(users).where(eq(users.id, customerId));
  if (!user) throw new Error("the bench customer is gone");
  const made = await createApiKey(app.deps, user, { name: "bench:api" }, null);
  await app.deps.db
    .update(apiKeys)
    .set({ ratePerSecond: customerSetup.keyRatePerSecond, burst: customerSetup.keyRatePerSecond })
    .where(eq(apiKeys.id, made.id));
  return made.key;
}

/**
 * The bench's customers, ready to buy: verified, signed in, PIN set, tier 3 (set by the admin, with a
 * reason, as Manage users does), and wallets funded by staff. Not timed.
 */
export async function prepareCustomers(app: BenchApp, client: HttpClient): Promise<BenchCustomer[]> {
  const admin = await benchAdminRow(app);
  const actor = { user: admin, ip: null };
  const limits = await readKycLimits(app.deps.db);
  await setKycLimits(app.deps, actor, {
    ...defaultKycLimits,
    ...limits,
    tier3_daily_limit: customerSetup.tier3DailyLimitKobo,
  });

  const customers: BenchCustomer[] = [];
  const batch = 8;
  for (let start = 0; start < customerSetup.count; start += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, customerSetup.count - start) }, async (_, k) => {
        const person = await signUp(app, client, start + k);
        await overrideTier(app.deps, actor, person.id, {
          tier: customerSetup.kycTier,
          reason: "bench:api customer",
        });
        const funding = await fundTo(app, admin, person.id, 0, customerSetup.walletFloorKobo);
        if (!funding) throw new Error("the customer was not funded");
        return {
          ...person,
          pin: customerSetup.pin,
          fundingTransactionId: funding,
          key: await apiKeyFor(app, person.id),
        };
      }),
    );
    customers.push(...made);
  }
  return customers;
}

/** Before a point: every wallet back to at least the floor, so no purchase is refused for money. */
export async function topUp(app: BenchApp, customers: readonly BenchCustomer[]): Promise<void> {
  const admin = await benchAdminRow(app);
  const rows = await app.deps.db
    .select({ id: wallets.id, balance: wallets.balance })
    .from(wallets)
    .where(
      inArray(
        wallets.id,
        customers.map((c) => c.walletId),
      ),
    );
  const balances = new Map(rows.map((row) => [row.id, row.balance]));
  for (const customer of customers) {
    const balance = balances.get(customer.walletId) ?? 0;
    await fundTo(app, admin, customer.id, balance, customerSetup.walletFloorKobo);
  }
}
