import { Secret, TOTP } from "otpauth";
import { systemClock } from "../../../server/clock";
import type { DatabaseHandle } from "../../../server/db/database";
import { users } from "../../../server/db/schema";
import { newReferralCode } from "../../../server/randomIds";
import { hashSecret } from "../../../server/services/accounts/secrets";
import { openWallet } from "../../../server/services/accounts/walletAccounts";
import type { httpApi } from "./httpApi";

// What the tests that kill an app running as a process of its own (bulkCrash, scheduleCrash,
// crashRestart) set up alike: its environment, customers written before it first starts, and their
// wallets funded by its first admin.

interface Login {
  email: string;
  password: string;
}

/**
 * The app's environment: its simulators off (VTpass and Paystack are the test's, in `outsideEnv`, and
 * outlive the app), fixed keys so a restart reads what the last run wrote, and quick requeries.
 */
export function childAppEnv(options: {
  name: string;
  base: string;
  outsideEnv: Record<string, string>;
  admin: Login;
  database: { url: string } | { dataDir: string };
  extra?: Record<string, string>;
}): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    STATIC_DIR: "/nonexistent",
    LOG_LEVEL: "warn",
    SIMULATORS: "off",
    PUBLIC_URL: options.base,
    ...options.outsideEnv,
    TOTP_KEY: "5eed".repeat(16),
    VOUCHER_KEY: "b0a7".repeat(16),
    PIN_KEYS: `${options.name}:${"c0de".repeat(16)}`,
    ADMIN_EMAIL: options.admin.email,
    ADMIN_PASSWORD: options.admin.password,
    PROVIDER_TIMEOUT_MS: "10000",
    REQUERY_INTERVAL_MS: "200",
    REQUERY_BASE_DELAY_MS: "300",
    ...("url" in options.database
      ? { DATABASE_URL: options.database.url }
      : { DATA_DIR: options.database.dataDir }),
    ...options.extra,
  };
}

/**
 * Verified customers with `pin`, written before the app first starts (its sign-up would mail codes);
 * their PIN is an argon2 hash, as rows from before the keyed PIN hash hold. Answers their ids.
 */
export async function seedCustomers(store: DatabaseHandle, people: Login[], pin: string) {
  const now = new Date();
  const pinHash = await hashSecret(pin);
  const ids: string[] = [];
  for (const person of people) {
    const [row] = await store.db
      .insert(users)
      .values({
        email: person.email,
        firstName: "Crash",
        lastName: "Test",
        phone: "08031234567",
        passwordHash: await hashSecret(person.password),
        pinHash,
        role: "customer",
        emailVerifiedAt: now,
        referralCode: newReferralCode(),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`no customer ${person.email}`);
    await openWallet(store.db, systemClock, row.id);
    ids.push(row.id);
  }
  return ids;
}

/** The first admin signs in, sets up the second factor staff need to fund, and funds each wallet. */
export async function fundAsFirstAdmin(
  api: Pick<ReturnType<typeof httpApi>, "sendOk">,
  admin: Login,
  customerIds: string[],
  amount: number,
) {
  const token = (await api.sendOk("POST /auth/login", { body: admin })).token;
  const { secret } = await api.sendOk("POST /auth/totp/setup", { token, body: {} });
  await api.sendOk("POST /auth/totp/confirm", {
    token,
    body: { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) },
  });
  for (const id of customerIds)
    await api.sendOk("POST /staff/customer/fund/:user_id", {
      token,
      params: { user_id: id },
      body: { amount, reason: "crash test", request_id: crypto.randomUUID() },
    });
  return token;
}
