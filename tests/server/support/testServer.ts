import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { createApp } from "../../../server/app";
import type { Clock } from "../../../server/clock";
import { loadConfig } from "../../../server/config";
import { users } from "../../../server/db/schema";
import type { AppDeps } from "../../../server/deps";
import { createIntegrations } from "../../../server/integrations";
import { createLogger } from "../../../server/logger";
import type { Mailer, MailMessage } from "../../../server/mail/mailer";
import { seedSystemRows } from "../../../server/services/adminBootstrap";
import { newReferralCode } from "../../../server/services/randomIds";
import { hashSecret } from "../../../server/services/secrets";
import { openTestDatabase } from "./testDatabase";

/** A clock that only moves when the test says so. */
export class TestClock implements Clock {
  constructor(private current = new Date("2026-03-02T09:00:00.000Z")) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class TestMailbox implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  /** The newest 6-digit code mailed to `to`. */
  lastCode(to: string): string {
    const mail = this.sent.filter((m) => m.to === to).at(-1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was mailed to ${to}`);
    return code;
  }
}

export interface Answer {
  status: number;
  body: { status: boolean; msg: string; data: unknown; fields?: Record<string, string[]> };
}

export async function createTestServer(env: Record<string, string> = {}) {
  const database = await openTestDatabase();
  await seedSystemRows(database.db);
  const clock = new TestClock();
  const mailbox = new TestMailbox();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // No sandbox latency, a short provider timeout and requery delay: tests move the clock, not wait.
  const config = loadConfig({
    STATIC_DIR: "/nonexistent",
    SANDBOX_LATENCY_MS: "0",
    PROVIDER_TIMEOUT_MS: "300",
    REQUERY_BASE_DELAY_MS: "1000",
    ...env,
  });
  const deps: AppDeps = {
    db: database.db,
    mailer: mailbox,
    clock,
    config,
    logger: createLogger("info", sink),
    ...createIntegrations(config),
  };
  const app = createApp(deps, { serveSpa: false });

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string } = {},
  ) {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const res = await app.request(`/api/${path}`, { method, headers, body });
    return { status: res.status, body: await res.json() } as Answer;
  }

  let operator: { token: string } | undefined;
  const server = {
    app,
    deps,
    db: database.db,
    clock,
    mailbox,
    logLines,
    call,
    get: (path: string, token?: string) => call("GET", path, { token }),
    post: (path: string, body?: unknown, token?: string) => call("POST", path, { body, token }),
    patch: (path: string, body?: unknown, token?: string) => call("PATCH", path, { body, token }),
    close: () => database.close(),

    /** Registers and verifies a customer through the API; answers their credentials. */
    async customer(overrides: Partial<Record<string, string>> = {}) {
      const person = {
        first_name: "Ada",
        last_name: "Okafor",
        email: `ada.${Math.random().toString(36).slice(2, 10)}@example.com`,
        phone: "08031234567",
        password: "correct horse 1",
        ...overrides,
      };
      const registered = await call("POST", "auth/register/", { body: person });
      if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
      const code = mailbox.lastCode(person.email);
      const verified = await call("POST", "auth/code/verify/", { body: { email: person.email, code } });
      if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
      return person;
    },

    async login(email: string, password: string): Promise<string> {
      const answer = await call("POST", "auth/login/", { body: { email, password } });
      if (answer.status !== 200) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
      return (answer.body.data as { token: string }).token;
    },

    /** A signed-in verified customer: their details, token and id. */
    async signedInCustomer(overrides: Partial<Record<string, string>> = {}) {
      const person = await server.customer(overrides);
      const token = await server.login(person.email, person.password);
      const [row] = await database.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, person.email));
      return { ...person, token, id: row?.id as string };
    },

    /** A signed-in customer with a PIN (set through the emailed code) and `kobo` in the wallet (funded by staff). */
    async fundedCustomer(kobo: number, pin = "1357", overrides: Partial<Record<string, string>> = {}) {
      const person = await server.signedInCustomer(overrides);
      await server.setPin(person, pin);
      if (kobo > 0) await server.fund(person.id, kobo);
      return { ...person, pin };
    },

    async setPin(person: { email: string; token: string }, pin: string) {
      clock.advance(61_000); // the code's resend limit, in case one was just sent
      const asked = await call("POST", "customer/pin-reset/request/", { token: person.token });
      if (asked.status !== 200) throw new Error(`pin request failed: ${JSON.stringify(asked.body)}`);
      const set = await call("POST", "customer/pin-reset/confirm/", {
        token: person.token,
        body: { code: mailbox.lastCode(person.email), new_pin: pin },
      });
      if (set.status !== 200) throw new Error(`pin confirm failed: ${JSON.stringify(set.body)}`);
    },

    /** Staff funding, as the API does it. */
    async fund(userId: string, kobo: number) {
      const send = async () => {
        operator ??= await server.signedInOperator("staff");
        return call("POST", `staff/customer/fund/${userId}/`, {
          token: operator.token,
          body: { amount: kobo, reason: "test funding", request_id: crypto.randomUUID() },
        });
      };
      let answer = await send();
      if (answer.status === 401) {
        // The test moved the clock past the operator's session; a new one signs in.
        operator = undefined;
        answer = await send();
      }
      if (answer.status !== 201) throw new Error(`funding failed: ${JSON.stringify(answer.body)}`);
    },

    /** A signed-in staff member or admin, made directly in the database as an admin would. */
    async signedInOperator(role: "staff" | "admin") {
      const email = `${role}.${Math.random().toString(36).slice(2, 10)}@example.com`;
      const password = "operator password 1";
      const now = clock.now();
      const [row] = await database.db
        .insert(users)
        .values({
          email,
          firstName: role === "admin" ? "Ngozi" : "Tunde",
          lastName: "Operator",
          phone: "08020000000",
          passwordHash: await hashSecret(password),
          role,
          emailVerifiedAt: now,
          referralCode: newReferralCode(),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: users.id });
      return { email, password, id: row?.id as string, token: await server.login(email, password) };
    },
  };
  return server;
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
