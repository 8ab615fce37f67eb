import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { z } from "zod";
import { envelope, refusalEnvelope } from "../../../schemas/envelope";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import { type RefusalCode, refusalStatus } from "../../../schemas/refusals";
import {
  type BodyOf,
  type CallInput,
  type CallResult,
  type Contract,
  requestPath,
  splitKey,
} from "../../../schemas/routes/contract";
import { type RouteName, type RouteTable, routeTable } from "../../../schemas/routes/routeTable";
import { loadConfig } from "../../../server/config";
import { users } from "../../../server/db/schema";
import { createLogger } from "../../../server/logger";
import type { Mailer, MailMessage } from "../../../server/mail/mailer";
import { newReferralCode } from "../../../server/randomIds";
import { serveApp } from "../../../server/serveApp";
import { seedSystemRows } from "../../../server/services/accounts/adminBootstrap";
import { hashSecret } from "../../../server/services/accounts/secrets";
import { TestClock } from "./testClock";
import { openTestDatabase } from "./testDatabase";

export { TestClock };

export class TestMailbox implements Mailer {
  readonly sent: MailMessage[] = [];
  /** `relay`: a real mail server each message goes on to, after being kept here. */
  constructor(private readonly relay?: Mailer) {}
  async send(message: MailMessage) {
    this.sent.push(message);
    await this.relay?.send(message);
  }
  /** The newest mail to `to` that carries a 6-digit code, and the code. */
  lastCode(to: string): string {
    const code = this.sent
      .filter((m) => m.to === to)
      .map((m) => m.text.match(/(?<![\w-])(\d{6})(?![\w-])/)?.[1])
      .filter((found) => found !== undefined)
      .at(-1);
    if (!code) throw new Error(`no code was mailed to ${to}`);
    return code;
  }
  /** The newest link mailed to `to` (its token is in the fragment). */
  lastLink(to: string): URL {
    const link = this.sent
      .filter((m) => m.to === to)
      .map((m) => m.text.match(/https?:\/\/\S+#token=\S+/)?.[0])
      .filter((found) => found !== undefined)
      .at(-1);
    if (!link) throw new Error(`no link was mailed to ${to}`);
    return new URL(link);
  }
  /** The token of the newest link mailed to `to`. */
  lastToken(to: string): string {
    const token = new URLSearchParams(this.lastLink(to).hash.slice(1)).get("token");
    if (!token) throw new Error(`the link mailed to ${to} has no token`);
    return token;
  }
}

export interface Answer {
  status: number;
  body: {
    status: boolean;
    msg: string;
    data: unknown;
    code?: RefusalCode;
    fields?: Record<string, string[]>;
    /** A refusal's request id, the same as its X-Request-Id header (checked for every refusal). */
    req_id?: string;
  };
}

const success = envelope(z.unknown());

/** An answer as two requests may share it: everything but the request id, which is each request's own. */
export function apartFromRequestId({ status, body }: Answer) {
  const { req_id: _own, ...rest } = body;
  return { status, body: rest };
}

/**
 * Every answer of every server test is held to the contract: a success is `{ status: true, msg, data }`,
 * and a refusal carries a code from the enum whose status is the one the answer came with, and the
 * request id its X-Request-Id header gives (when the caller read the header).
 */
export function checkedEnvelope(
  status: number,
  json: unknown,
  call: string,
  requestId?: string | null,
): Answer["body"] {
  if (call.includes("openapi.json")) return json as Answer["body"];
  if (status < 400) {
    const answer = success.safeParse(json);
    if (!answer.success)
      throw new Error(`${call} answered ${status} outside the envelope: ${JSON.stringify(json)}`);
    return answer.data;
  }
  const refusal = refusalEnvelope.safeParse(json);
  if (!refusal.success)
    throw new Error(`${call} refused (${status}) without a code: ${JSON.stringify(json)}`);
  const expected = refusalStatus(refusal.data.code);
  if (expected !== status)
    throw new Error(`${call} answered ${status} with code ${refusal.data.code}, which is always ${expected}`);
  if (requestId !== undefined && refusal.data.req_id !== requestId)
    throw new Error(
      `${call} refused with req_id ${refusal.data.req_id}, its X-Request-Id being ${requestId}`,
    );
  return refusal.data;
}

/** A test's input to one endpoint: the contract's, and the token to send; optional when nothing is required. */
type SendArgs<C extends Contract> =
  Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C> & { token?: string }]
    : [input: CallInput<C> & { token?: string }];

/** What a typed call goes through: a request to a path under /api, answered in the checked envelope. */
export type Caller = (
  method: string,
  path: string,
  options: { body?: unknown; token?: string },
) => Promise<Answer>;

/** `send` and `sendOk` over any caller: the in-process test server's, or a real process's over HTTP. */
export function routeCaller(call: Caller) {
  /**
   * One endpoint by its `METHOD /path` in the shared route table: the input typed by its contract, and
   * a successful answer's `data` parsed by its result schema (undefined when refused).
   */
  async function send<K extends RouteName>(key: K, ...[input]: SendArgs<RouteTable[K]>) {
    const { method, path } = splitKey(key);
    // The generic input narrows only at a call site; here it is read as the shape every input has.
    const sent = (input ?? {}) as { params?: object; query?: object; body?: unknown; token?: string };
    const url = requestPath(path, { ...sent.params }, { ...sent.query });
    const answer = await call(method, url, { body: sent.body, token: sent.token });
    const result: { parse(data: unknown): unknown } = routeTable[key].result;
    // The table's own entry: its result schema parses to exactly the type CallResult names.
    const parse = (data: unknown) => result.parse(data) as CallResult<RouteTable[K]>;
    const data = answer.status < 400 ? parse(answer.body.data) : undefined;
    return { ...answer, data };
  }

  /** The same, for a call that must succeed: its typed data, or a failure naming the refusal. */
  async function sendOk<K extends RouteName>(key: K, ...args: SendArgs<RouteTable[K]>) {
    const answer = await send(key, ...args);
    if (answer.data === undefined)
      throw new Error(`${key} was refused: ${answer.status} ${answer.body.code} ${answer.body.msg}`);
    return answer.data;
  }
  return { send, sendOk };
}

/** `serveSpa` serves the built app from STATIC_DIR too (it must have been built). */
export async function createTestServer(
  env: Record<string, string> = {},
  options: { serveSpa?: boolean; relayMail?: Mailer; vtpassBaseUrl?: string } = {},
) {
  const database = await openTestDatabase();
  await seedSystemRows(database.db);
  const clock = new TestClock();
  const mailbox = new TestMailbox(options.relayMail);
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The real server on a free loopback port, with the VTpass and Paystack simulators it serves: the
  // adapters reach them over HTTP as they would the real hosts. No simulator latency, a short
  // provider timeout and requery delay: tests move the clock rather than wait. Pending purchases
  // settle only when a test requeries or tells the simulator to.
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    STATIC_DIR: "/nonexistent",
    SIMULATOR_LATENCY_MS: "0",
    PROVIDER_TIMEOUT_MS: "1000",
    REQUERY_BASE_DELAY_MS: "1000",
    // In-process requests all come from one unknown address; the limit's own tests set it low.
    ADDRESS_LIMIT_PER_MINUTE: "100000",
    // Tests write to the database directly as another instance would, and then ask at once: this one
    // reads sessions afresh each time unless a test is about keeping them (sessionSnapshots.test.ts).
    READ_CACHE_MS: "0",
    ...env,
  });
  const instance = await database.announce(() => {});
  const served = await serveApp(
    config,
    { db: database.db, instance, mailer: mailbox, clock, config, logger: createLogger("info", sink) },
    {
      serveSpa: options.serveSpa ?? false,
      journalDir: null,
      simulatorTiming: { settleAfterMs: null, timeoutAnswerMs: 2_000 },
      ...(options.vtpassBaseUrl && { vtpassBaseUrl: options.vtpassBaseUrl }),
    },
  );
  const { app, deps } = served;
  const simulators = deps.simulators;
  if (!simulators) throw new Error("the test server runs with the simulators on");

  async function call(
    method: string,
    path: string,
    options: { body?: unknown; raw?: string; token?: string; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { "content-type": "application/json", ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const res = await app.request(`/api/${path}`, { method, headers, body });
    const json = await res.json();
    // Mail leaves through the outbox just after the answer; the tests read it as soon as they have
    // the answer, so what the request started sending is waited for first.
    await deps.outbox.idle();
    const requestId = res.headers.get("x-request-id");
    return { status: res.status, body: checkedEnvelope(res.status, json, `${method} ${path}`, requestId) };
  }

  const { send, sendOk } = routeCaller(call);

  let operator: { token: string } | undefined;
  const server = {
    app,
    deps,
    /** Where the server listens, for calls that must cross a real socket. */
    origin: served.origin,
    /** The simulated VTpass and Paystack: tests script their answers and settle their payments. */
    vtpass: simulators.vtpass.control,
    /** The simulated SME-data vendor (`msorg`), the second provider. */
    msorg: simulators.msorg.control,
    paystack: simulators.paystack.control,
    db: database.db,
    /** Another app instance on the same database, as the others see it (its presence lock). */
    announceInstance: () => database.announce(() => {}),
    clock,
    mailbox,
    logLines,
    call,
    send,
    sendOk,
    get: (path: string, token?: string) => call("GET", path, { token }),
    post: (path: string, body?: unknown, token?: string) => call("POST", path, { body, token }),
    patch: (path: string, body?: unknown, token?: string) => call("PATCH", path, { body, token }),
    put: (path: string, body?: unknown, token?: string) => call("PUT", path, { body, token }),
    close: async () => {
      // An SMS a request kicked finishes before the database it writes to closes.
      await deps.sms?.idle();
      await served.close();
      await instance.close();
      await database.close();
    },

    /**
     * MTN airtime for `phone` through the API with the customer's PIN, a new request id each time;
     * `over` changes any field of the body.
     */
    buyAirtime(
      person: { token: string; pin: string },
      phone: string,
      amount = 10_000,
      over: Partial<BodyOf<RouteTable["POST /core/customer/airtime"]>> = {},
    ) {
      return send("POST /core/customer/airtime", {
        token: person.token,
        body: { network_id: 1, phone, amount, pin: person.pin, request_id: crypto.randomUUID(), ...over },
      });
    },

    /** The same, for a purchase that must be accepted: its typed answer, or a failure naming the refusal. */
    async boughtAirtime(person: { token: string; pin: string }, phone: string, amount = 10_000) {
      const answer = await server.buyAirtime(person, phone, amount);
      if (!answer.data) throw new Error(`the purchase was refused: ${answer.status} ${answer.body.msg}`);
      return answer.data;
    },

    /** A funded customer with a PIN, moved to price level `level` by the admin signed in with `adminToken`. */
    async fundedCustomerAt(level: LevelSlug, adminToken: string, kobo: number) {
      const buyer = await server.fundedCustomer(kobo);
      await sendOk("PATCH /sys.admin/users/:id", {
        token: adminToken,
        params: { id: buyer.id },
        body: { level },
      });
      return buyer;
    },

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
      const registered = await send("POST /auth/register", { body: person });
      if (!registered.data) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
      const code = mailbox.lastCode(person.email);
      const { ticket } = registered.data;
      const verified = await call("POST", "auth/code/verify/", {
        body: { email: person.email, ticket, code },
      });
      if (verified.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verified.body)}`);
      return person;
    },

    async login(email: string, password: string): Promise<string> {
      const answer = await send("POST /auth/login", { body: { email, password } });
      if (answer.status !== 200 || !answer.data)
        throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
      return answer.data.token;
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
      const token = await server.login(email, password);
      const { secret } = await sendOk("POST /auth/totp/setup", { token, body: {} });
      const confirmed = await send("POST /auth/totp/confirm", {
        token,
        body: { code: server.totpCode(secret) },
      });
      if (confirmed.status !== 200 || !confirmed.data)
        throw new Error(`totp setup failed: ${JSON.stringify(confirmed.body)}`);
      const { recovery_codes } = confirmed.data;
      return {
        email,
        password,
        id: row?.id as string,
        token,
        totpSecret: secret,
        recoveryCodes: recovery_codes,
      };
    },

    /** The authenticator code for `secret` at the server's (test) clock, `steps` periods later. */
    totpCode(secret: string, steps = 0) {
      return TOTP.generate({
        secret: Secret.fromBase32(secret),
        timestamp: clock.now().getTime() + steps * 30_000,
      });
    },

    /** Signs a staff member or admin in again, through the password and the authenticator code. */
    async consoleLogin(who: { email: string; password: string; totpSecret: string }) {
      const token = await server.login(who.email, who.password);
      // A fresh step, since a code is good once.
      clock.advance(30_000);
      const verified = await send("POST /auth/totp/verify", {
        token,
        body: { code: server.totpCode(who.totpSecret) },
      });
      if (verified.status !== 200) throw new Error(`totp verify failed: ${JSON.stringify(verified.body)}`);
      return token;
    },
  };
  return server;
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;
