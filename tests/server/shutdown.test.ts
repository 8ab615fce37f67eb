import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { get as httpGet } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../server/db/database";
import { transactions } from "../../server/db/schema";
import { startMailCatcher } from "../e2e/support/mailCatcher";
import { type ChildServer, startChildServer } from "../support/childServer";
import { freePort } from "../support/freePort";
import { httpApi } from "./support/httpApi";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { startOutsideProviders } from "./support/outsideProviders";
import { createScratchDatabase, onPostgres } from "./support/testDatabase";

// Issue 26: SIGTERM in the middle of purchases. The app runs as `npm start` runs it, in a process of
// its own; VTpass and Paystack are simulated by this test process, outside the app, since the real
// ones stay up while the app stops. VTpass holds each purchase until the test lets it go, so the
// purchases are in flight for as long as the test needs, however slow the machine.

const admin = { email: "root@shutdown.test", password: "shutdown test admin 1" };
const password = "customer password 1";
const pin = "2468";
const funded = 500_000;

const work = mkdtempSync(join(tmpdir(), "ojapay-shutdown-"));
const dataDir = join(work, "data");
let scratch: { url: string; drop(): Promise<void> } | undefined;
let closeOutside: () => Promise<void> = async () => {};
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let env: Record<string, string>;
let app: ChildServer | undefined;

/**
 * While `holding`, VTpass's purchase requests are held on their way in until the test lets each
 * through or drops it.
 */
let holding = true;
const held: Array<{ phone: string; release: (pass: boolean) => void }> = [];
async function vtpassGate(request: Request, pass: () => Response | Promise<Response>) {
  if (!holding || !new URL(request.url).pathname.endsWith("/pay")) return pass();
  const { phone } = (await request.clone().json()) as { phone: string };
  const passes = await new Promise<boolean>((release) => held.push({ phone, release }));
  // A dropped one never reached VTpass, as a request lost on the way.
  return passes ? pass() : new Response("lost", { status: 599 });
}
function releaseHeld(pass: boolean) {
  for (const request of held.splice(0)) request.release(pass);
}

function startApp(extra: Record<string, string> = {}) {
  return startChildServer(
    "server/main.ts",
    (port) => ({ ...env, PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra }),
    "/readyz",
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `npm start` as a person or an init system runs it, in a process group of its own: it builds the web
 * app into STATIC_DIR, then serves it on a free port. Ready once /readyz answers 200.
 */
function startNpmStart(settings: Record<string, string>) {
  const npmCli = process.env.npm_execpath;
  const command = npmCli ? process.execPath : "npm";
  const portReady = freePort().then((port) => {
    const child = spawn(command, [...(npmCli ? [npmCli] : []), "start"], {
      env: {
        ...process.env,
        ...settings,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    return { port, child };
  });
  let output = "";
  const started = portReady.then(({ child }) => {
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    return child;
  });
  const exited = started.then(
    (child) => new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code))),
  );
  const ready = portReady.then(async ({ port, child }) => {
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
      try {
        if ((await fetch(`${base}/readyz`)).ok) return base;
      } catch {
        // building, or not listening yet
      }
      if (Date.now() > deadline) throw new Error(`npm start was not ready within 180 s:\n${output}`);
      await sleep(200);
    }
  });
  let pid: number | undefined;
  void started.then((child) => {
    pid = child.pid;
  });
  return {
    ready,
    exited,
    output: () => output,
    /** The signal to every process of the group, as `kill -TERM -<pgid>` sends it. */
    signalGroup(signal: NodeJS.Signals) {
      if (pid) process.kill(-pid, signal);
    },
    /** Ends whatever is left of the group. */
    kill() {
      try {
        if (pid) process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    },
  };
}

/** The app's log lines (pino's JSON), newest last. */
function logLines(server: ChildServer): Array<Record<string, unknown> & { msg: string }> {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line));
}
const logged = (server: ChildServer, start: string) =>
  vi.waitFor(
    () => {
      const line = logLines(server).find((l) => l.msg.startsWith(start));
      if (!line) throw new Error(`the app has not logged "${start}" yet`);
      return line;
    },
    { timeout: 60_000, interval: 50 },
  );

/**
 * A connection that has sent a request but the blank line ending its headers. It is not idle, so a
 * stop does not close it at once: the request arrives whenever the test finishes it.
 */
function halfSentRequest(base: string, path: string) {
  const url = new URL(base);
  const socket = connect(Number(url.port), url.hostname);
  let received = "";
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => {
    received += chunk;
  });
  socket.on("error", () => {});
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n`);
  return {
    /** Sends the blank line; answers what came back once the server closed the connection. */
    async finish() {
      socket.write("\r\n");
      await closed;
      const [head = "", body = ""] = received.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      return {
        status: Number(statusLine.split(" ")[1]),
        connection: headers.connection,
        body: body ? JSON.parse(body) : null,
      };
    },
  };
}

/** A request on a connection of its own: its status, or the error code when it could not connect. */
function onNewConnection(base: string, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    httpGet(`${base}${path}`, { agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

async function openStore(): Promise<DatabaseHandle> {
  return scratch ? openPostgres(scratch.url, 5) : openPglite(dataDir);
}

async function pendingPurchases(base: string, token: string) {
  const { sendOk } = httpApi(base);
  return (
    await sendOk("GET /sys.admin/transactions", { token, query: { status: "pending", kind: "airtime" } })
  ).count;
}

/** Starts the app again on the same data, waits until the requery worker has settled every purchase, and stops it. */
async function restartUntilNothingPending(adminToken: string) {
  app = await startApp();
  const started = app;
  await vi.waitFor(async () => expect(await pendingPurchases(started.base, adminToken)).toBe(0), {
    timeout: 90_000,
    interval: 250,
  });
  started.kill("SIGTERM");
  expect(await started.exited).toBe(0);
}

beforeAll(async () => {
  scratch = onPostgres() ? await createScratchDatabase() : undefined;
  mail = await startMailCatcher();
  const outside = await startOutsideProviders({
    name: "shutdown",
    vtpassGate,
    vtpassWebhookUrl: null,
    paystackWebhookUrl: "http://127.0.0.1:1/webhooks",
  });
  closeOutside = async () => {
    releaseHeld(false);
    outside.close();
    await mail.close();
  };
  env = {
    STATIC_DIR: "/nonexistent",
    // The "stopping" and "stopped" lines are what the test waits on and reads.
    LOG_LEVEL: "info",
    SIMULATORS: "off",
    PROVIDERS: "vtpass",
    ...outside.env,
    TOTP_KEY: "5eed".repeat(16),
    VOUCHER_KEY: "b0a7".repeat(16),
    PIN_KEYS: `shutdown:${"c0de".repeat(16)}`,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    SMTP_URL: mail.url,
    ADDRESS_LIMIT_PER_MINUTE: "1000",
    // The half-sent requests wait through the purchases and the stop: no limit of the app's may cut
    // them, nor the purchases held at VTpass, however slow the machine.
    HEADERS_TIMEOUT_MS: "300000",
    REQUEST_TIMEOUT_MS: "300000",
    PROVIDER_TIMEOUT_MS: "120000",
    SHUTDOWN_GRACE_MS: "300000",
    REQUERY_INTERVAL_MS: "200",
    REQUERY_BASE_DELAY_MS: "300",
    ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: dataDir }),
  };
}, 60_000);

afterAll(async () => {
  app?.kill("SIGKILL");
  await app?.exited;
  await closeOutside();
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** The admin, past the authenticator code; their session outlives the app's restarts (it is in the database). */
let adminToken = "";
const customers: Array<{ id: string; email: string }> = [];

/** A customer as they sign up: registered, the mailed code typed, a PIN set by its mailed code, funded by staff. */
async function signUp(base: string, email: string) {
  const { send, sendOk } = httpApi(base);
  const registered = await sendOk("POST /auth/register", {
    body: { first_name: "Bisi", last_name: "Adeyemi", email, phone: "08031234567", password },
  });
  const code = await mail.nextCode(email, 0);
  expect(
    (await send("POST /auth/code/verify", { body: { email, ticket: registered.ticket, code } })).status,
  ).toBe(200);
  const { token } = await sendOk("POST /auth/login", { body: { email, password } });
  await sendOk("POST /customer/pin-reset/request", { token, body: {} });
  const pinCode = await mail.nextCode(email, 1);
  await sendOk("POST /customer/pin-reset/confirm", { token, body: { code: pinCode, new_pin: pin } });
  const { id } = await sendOk("GET /auth/profile", { token });
  const funding = await send("POST /staff/customer/fund/:user_id", {
    token: adminToken,
    params: { user_id: id },
    body: { amount: funded, reason: "shutdown test", request_id: crypto.randomUUID() },
  });
  expect(funding.status).toBe(201);
  customers.push({ id, email });
  return token;
}

const airtime = (token: string, phone: string, amount: number) =>
  httpApi(app?.base ?? "").send("POST /core/customer/airtime", {
    token,
    body: { network_id: 1, phone, amount, pin, request_id: crypto.randomUUID(), allow_duplicate: true },
  });

describe("SIGTERM in the middle of purchases", () => {
  it("answers every purchase in flight, refuses new work, exits 0, and leaves nothing the next start cannot settle", async () => {
    app = await startApp();
    const { send, sendOk } = httpApi(app.base);
    adminToken = (await sendOk("POST /auth/login", { body: admin })).token;
    const { secret } = await sendOk("POST /auth/totp/setup", { token: adminToken, body: {} });
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await send("POST /auth/totp/confirm", { token: adminToken, body: { code } })).status).toBe(200);
    const tokens = [
      await signUp(app.base, "bisi@shutdown.test"),
      await signUp(app.base, "tayo@shutdown.test"),
    ];

    // Eight purchases, all held at VTpass. Numbers ending 0000 are declined, 1111 and 2222 pending
    // (then delivered, or failed, at the second requery), any other delivered.
    const endings = ["5678", "0000", "1111", "2222"];
    const purchases = tokens.flatMap((token, i) =>
      endings.map((ending, j) =>
        airtime(token, `0803123${ending}`, 10_000 + i * 1_000 + j * 100).then(
          (answer) => [answer.status, answer.data?.status],
          () => ["no answer: the connection was cut"],
        ),
      ),
    );
    await vi.waitFor(() => expect(held).toHaveLength(8), { timeout: 60_000, interval: 50 });

    const readiness = halfSentRequest(app.base, "/readyz");
    const liveness = halfSentRequest(app.base, "/healthz");
    const newWork = halfSentRequest(app.base, "/api/status/");
    // Answered after the half-sent requests reached the app: they are not idle when it stops.
    expect(await onNewConnection(app.base, "/healthz")).toBe(200);

    app.kill("SIGTERM");
    expect(await logged(app, "stopping")).toMatchObject({ signal: "SIGTERM", in_flight: 8 });

    // No new connection; on a connection already open, the health checks answer and new work is refused.
    expect(["ECONNREFUSED", "ECONNRESET", 503]).toContain(await onNewConnection(app.base, "/api/status/"));
    expect(await readiness.finish()).toEqual({
      status: 503,
      connection: "close",
      body: {
        status: false,
        code: "service_unavailable",
        msg: "The server is shutting down.",
        data: { reason: "stopping" },
        req_id: expect.any(String),
      },
    });
    expect(await liveness.finish()).toEqual({ status: 200, connection: "close", body: { status: "ok" } });
    expect(await newWork.finish()).toMatchObject({
      status: 503,
      connection: "close",
      body: { status: false, code: "service_unavailable", req_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });

    // VTpass answers now: every purchase still gets its answer, with its outcome.
    releaseHeld(true);
    expect(await Promise.all(purchases)).toEqual(
      Array(2)
        .fill([
          [200, "successful"],
          [200, "failed"],
          [200, "pending"],
          [200, "pending"],
        ])
        .flat(),
    );
    expect(await app.exited).toBe(0);
    expect(logLines(app).find((l) => l.msg === "stopped")).toMatchObject({ in_flight: 8, cut: 0 });

    // Started again on the same data: the requery worker settles the two left pending.
    await restartUntilNothingPending(adminToken);

    const store = await openStore();
    try {
      const bought = await store.db.select().from(transactions).where(eq(transactions.kind, "airtime"));
      const statusOf = (ending: string) =>
        bought.filter((t) => t.recipient?.endsWith(ending)).map((t) => t.status);
      expect(statusOf("5678")).toEqual(["successful", "successful"]);
      expect(statusOf("0000")).toEqual(["failed", "failed"]);
      expect(statusOf("1111")).toEqual(["successful", "successful"]);
      expect(statusOf("2222")).toEqual(["failed", "failed"]);
      for (const customer of customers) {
        const spent = bought
          .filter((t) => t.userId === customer.id && t.status === "successful")
          .reduce((sum, t) => sum + t.total, 0);
        expect(await walletBalance(store.db, customer.id)).toBe(funded - spent);
      }
      await expectLedgerConsistent(store.db);
    } finally {
      await store.close();
    }
  }, 300_000);

  it("cuts what is still in flight when the grace ends, exits 0, and the next start settles it", async () => {
    // A grace shorter than the provider's time limit, so the purchase is still waiting when it ends.
    app = await startApp({ SHUTDOWN_GRACE_MS: "1000", PROVIDER_TIMEOUT_MS: "15000" });
    const { token } = await httpApi(app.base).sendOk("POST /auth/login", {
      body: { email: "bisi@shutdown.test", password },
    });
    const purchase = airtime(token, "08031249876", 20_000).then(
      () => "answered",
      () => "cut",
    );
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 60_000, interval: 50 });

    app.kill("SIGTERM");
    expect(await app.exited).toBe(0);
    expect(await purchase).toBe("cut");
    expect(logLines(app).find((l) => l.msg === "stopped")).toMatchObject({ in_flight: 1, cut: 1 });
    // It never reached VTpass; what the next start sends goes through.
    releaseHeld(false);
    holding = false;

    await restartUntilNothingPending(adminToken);

    const store = await openStore();
    try {
      const [cut] = await store.db
        .select()
        .from(transactions)
        .where(eq(transactions.recipient, "08031249876"));
      // The requery worker found VTpass had no record and sent it again, once.
      expect(cut?.status).toBe("successful");
      await expectLedgerConsistent(store.db);
    } finally {
      await store.close();
    }
  }, 300_000);

  it("answers every purchase when the whole process group of `npm start` is sent SIGTERM, again and again", async () => {
    // As systemd, a container's init or a terminal signal every process of the group: npm, its shell
    // and the server all get it, and npm passes it on to the server once more.
    holding = true;
    const built = join(work, "built");
    const npm = startNpmStart({ ...env, STATIC_DIR: built });
    try {
      const base = await npm.ready;
      const { token } = await httpApi(base).sendOk("POST /auth/login", {
        body: { email: "tayo@shutdown.test", password },
      });
      const endings = ["5678", "0000", "1111", "5679", "5670", "2222"];
      const purchases = endings.map((ending, i) =>
        httpApi(base)
          .send("POST /core/customer/airtime", {
            token,
            body: {
              network_id: 1,
              phone: `0803125${ending}`,
              amount: 10_000 + i * 100,
              pin,
              request_id: crypto.randomUUID(),
              allow_duplicate: true,
            },
          })
          .then(
            (answer) => [answer.status, answer.data?.status],
            () => ["no answer: the connection was cut"],
          ),
      );
      await vi.waitFor(() => expect(held).toHaveLength(6), { timeout: 60_000, interval: 50 });

      npm.signalGroup("SIGTERM");
      await vi.waitFor(() => expect(npm.output()).toContain('"msg":"stopping'), {
        timeout: 30_000,
        interval: 50,
      });
      npm.signalGroup("SIGTERM");
      await sleep(300);
      npm.signalGroup("SIGTERM");
      await sleep(300);
      releaseHeld(true);
      expect(await Promise.all(purchases)).toEqual([
        [200, "successful"],
        [200, "failed"],
        [200, "pending"],
        [200, "successful"],
        [200, "successful"],
        [200, "pending"],
      ]);
      expect(await npm.exited).toBe(0);
      const stopped = npm
        .output()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg: string })
        .find((line) => line.msg === "stopped");
      expect(stopped).toMatchObject({ in_flight: 6, cut: 0 });
    } finally {
      npm.kill();
    }
    holding = false;
    await restartUntilNothingPending(adminToken);
  }, 300_000);

  it("takes a Ctrl-C relayed twice at once as one, and a person's second Ctrl-C a moment later as the end", async () => {
    holding = true;
    app = await startApp();
    const { token } = await httpApi(app.base).sendOk("POST /auth/login", {
      body: { email: "bisi@shutdown.test", password },
    });
    const purchase = airtime(token, "08031259876", 20_000).then(
      (answer) => answer.status,
      () => "cut",
    );
    await vi.waitFor(() => expect(held).toHaveLength(1), { timeout: 60_000, interval: 50 });
    // A terminal's Ctrl-C and npm's relay of it: the drain goes on.
    app.kill("SIGINT");
    app.kill("SIGINT");
    expect(await logged(app, "stopping")).toMatchObject({ signal: "SIGINT", in_flight: 1 });
    await sleep(1_500);
    expect(app.output()).not.toContain('"msg":"stopped"');
    // The person presses it again: the process ends now, the purchase cut, its money held for the next start.
    app.kill("SIGINT");
    expect(await app.exited).toBe(130);
    expect(await purchase).toBe("cut");
    releaseHeld(false);
    holding = false;
    await restartUntilNothingPending(adminToken);
  }, 300_000);
});
