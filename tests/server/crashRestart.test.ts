import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../server/db/database";
import { transactions } from "../../server/db/schema";
import { seedSystemRows } from "../../server/services/accounts/adminBootstrap";
import { type ChildServer, startChildServer } from "../support/childServer";
import { freePort } from "../support/freePort";
import { childAppEnv, fundAsFirstAdmin, seedCustomers } from "./support/childAppSetup";
import { httpApi } from "./support/httpApi";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { startOutsideProviders } from "./support/outsideProviders";
import { createScratchDatabase, onPostgres } from "./support/testDatabase";

// `kill -9` in the middle of 40 purchases, then a restart: the requery worker must settle every
// purchase whose money was held, with no kobo made or lost. VTpass and Paystack are simulated by this
// test process, outside the app, because the real ones do not die when the app does.

const admin = { email: "root@crash.test", password: "crash test admin 1" };
const pin = "2468";
const funded = 500_000; // ₦5,000 each

const work = mkdtempSync(join(tmpdir(), "ojapay-crash-"));
const dataDir = join(work, "data");
let scratch: { url: string; drop(): Promise<void> } | undefined;
let closeOutside: () => void = () => {};
let vtpass: Awaited<ReturnType<typeof startOutsideProviders>>["vtpass"];
let env: Record<string, string>;
let child: ChildServer | undefined;
let base: string;
let port: number;

/**
 * While `losing` is set, a purchase sent to VTpass is lost on the way: VTpass never sees it (the
 * request waits, then is dropped unanswered), as when the app dies between holding the money and the
 * call reaching VTpass.
 */
let losing = false;
/**
 * While `answersLost` is set, VTpass receives each purchase and delivers it, but its answer never
 * reaches the app (held until the app has died), as when the app dies waiting on VTpass.
 */
let answersLost = false;
/** How long VTpass takes to answer a requery, and the requeries of each request id it is answering now. */
let requeryAnswerMs = 0;
const requeriesOut = new Map<string, number>();
let requeriesAtOnce = 0;
/** The admin's session, past the authenticator code (the first test signs in). */
let adminToken = "";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function vtpassGate(request: Request, pass: () => Response | Promise<Response>): Promise<Response> {
  if (request.url.endsWith("/requery") && requeryAnswerMs > 0) {
    const { request_id: id } = (await request.clone().json()) as { request_id: string };
    const out = (requeriesOut.get(id) ?? 0) + 1;
    requeriesOut.set(id, out);
    requeriesAtOnce = Math.max(requeriesAtOnce, out);
    await sleep(requeryAnswerMs);
    requeriesOut.set(id, out - 1);
    return pass();
  }
  if (answersLost && request.url.endsWith("/pay")) {
    const answer = await pass();
    await sleep(120_000);
    return answer;
  }
  if (!losing || !request.url.endsWith("/pay")) return pass();
  await sleep(60_000);
  return new Response("lost", { status: 599 });
}

async function openStore(): Promise<DatabaseHandle> {
  return scratch ? openPostgres(scratch.url, 5) : openPglite(dataDir);
}

/** The app on `env`, less the settings `defaults` names (which then take their defaults). */
const startApp = (defaults: readonly string[] = []) =>
  startChildServer(
    "server/main.ts",
    Object.fromEntries(Object.entries(env).filter(([name]) => !defaults.includes(name))),
    "/api/status/",
    { port },
  );

const { send, sendOk } = httpApi(() => base);

/** The airtime purchases still pending once none is, or once `until` has passed. */
async function pendingAfterWaiting(adminToken: string, until: number): Promise<number> {
  for (;;) {
    const list = await sendOk("GET /sys.admin/transactions", {
      token: adminToken,
      query: { status: "pending", kind: "airtime" },
    });
    if (list.count === 0 || Date.now() >= until) return list.count;
    await new Promise((r) => setTimeout(r, 250));
  }
}

beforeAll(async () => {
  scratch = onPostgres() ? await createScratchDatabase() : undefined;
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const outside = await startOutsideProviders({
    name: "crash",
    vtpassGate,
    vtpassWebhookUrl: `${base}/api/webhooks/vtpass/`,
    paystackWebhookUrl: `${base}/api/webhooks/paystack/`,
    timeoutAnswerMs: 60_000,
  });
  vtpass = outside.vtpass;
  closeOutside = outside.close;
  env = childAppEnv({
    name: "crash",
    base,
    outsideEnv: outside.env,
    admin,
    database: scratch ? { url: scratch.url } : { dataDir },
    // PROVIDER_TIMEOUT_MS 10 s: longer than the 40 purchases can take to reach VTpass on a busy machine
    // (a 3333 purchase that timed out before the crash would be requeried and settled before it), and
    // no longer: a purchase in flight is first requeried after it, so the restarted app waits that long.
    extra: { PORT: String(port) },
  });
}, 60_000);

afterAll(async () => {
  child?.kill("SIGKILL");
  closeOutside();
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

describe("a crash in the middle of purchases", () => {
  it("settles every held purchase after kill -9 and a restart, with no kobo made or lost", async () => {
    // Five verified customers with a PIN, made in the database before the app first starts; their PINs
    // are argon2 hashes, as rows from before the keyed PIN hash hold.
    const store = await openStore();
    await seedSystemRows(store.db);
    const people = Array.from({ length: 5 }, (_, i) => ({
      email: `crash${i}@example.com`,
      password: "customer password 1",
    }));
    const ids = await seedCustomers(store, people, pin);
    await store.close();

    child = await startApp();
    adminToken = await fundAsFirstAdmin({ sendOk }, admin, ids, funded);
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const login = await sendOk("POST /auth/login", {
        body: { email: `crash${i}@example.com`, password: "customer password 1" },
      });
      tokens.push(login.token);
    }

    // 40 purchases at once. VTpass records each as it arrives; numbers ending 3333 get no answer at
    // all (still waiting when the app dies; the first requery says delivered), 0000 are declined, and
    // 1111 and 2222 are pending until the second requery says delivered or failed.
    const endings = ["3333", "0000", "1111", "2222"];
    const purchases = tokens.flatMap((token) =>
      Array.from({ length: 8 }, (_, j) =>
        send("POST /core/customer/airtime", {
          token,
          body: {
            network_id: 1,
            phone: `0803123${endings[j % 4]}`,
            amount: 10_000 + j * 100,
            pin,
            request_id: crypto.randomUUID(),
            allow_duplicate: true,
          },
        }).catch(() => null),
      ),
    );
    const asked = () => vtpass.control.requests.filter((r) => r.path.endsWith("/pay")).length;
    const deadline = Date.now() + 30_000;
    while (asked() < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(asked()).toBe(40);
    child.kill("SIGKILL");
    await child.exited;
    await Promise.all(purchases);

    // What the crash left: every purchase VTpass has not settled is pending with its money held, and
    // each already knows when to be asked about (a dead process's DATA_DIR lock is taken over).
    const crashed = await openStore();
    const all = await crashed.db.select().from(transactions).where(eq(transactions.kind, "airtime"));
    const left = all.filter((t) => t.status === "pending");
    await crashed.close();
    // The ten still waiting for VTpass's answer at least; 1111 and 2222 may have been requeried already.
    expect(all.filter((t) => t.recipient?.endsWith("3333")).map((t) => t.status)).toEqual(
      Array(10).fill("pending"),
    );
    expect(left.every((t) => t.nextRequeryAt !== null)).toBe(true);

    // Started again on the same data: the worker asks VTpass about each purchase and settles it.
    child = await startApp();
    expect(await pendingAfterWaiting(adminToken, Date.now() + 60_000)).toBe(0);
    child.kill("SIGTERM");
    await child.exited;
    child = undefined;

    const after = await openStore();
    try {
      const bought = await after.db.select().from(transactions).where(eq(transactions.kind, "airtime"));
      expect(bought).toHaveLength(40);
      const byStatus = (status: string) => bought.filter((t) => t.status === status);
      expect(byStatus("successful")).toHaveLength(20); // 3333 and 1111
      expect(byStatus("failed")).toHaveLength(20); // 0000 and 2222
      for (const id of ids) {
        const spent = bought
          .filter((t) => t.userId === id && t.status === "successful")
          .reduce((sum, t) => sum + t.total, 0);
        expect(await walletBalance(after.db, id)).toBe(funded - spent);
      }
      await expectLedgerConsistent(after.db);
      // Each purchase reached VTpass exactly once: the worker asked again, it never bought again.
      const payIds = vtpass.control.requests
        .filter((r) => r.path.endsWith("/pay"))
        .map((r) => (r.body as { request_id: string }).request_id);
      expect(new Set(payIds).size).toBe(40);
      expect(payIds).toHaveLength(40);
    } finally {
      await after.close();
    }
  }, 180_000);

  it("delivers within seconds of a restart the purchases VTpass never received before the crash", async () => {
    child = await startApp();
    const login = await sendOk("POST /auth/login", {
      body: { email: "crash0@example.com", password: "customer password 1" },
    });
    const sentBefore = vtpass.control.requests.filter((r) => r.path.endsWith("/pay")).length;
    losing = true;
    const purchases = Array.from({ length: 10 }, (_, j) =>
      send("POST /core/customer/airtime", {
        token: login.token,
        body: {
          network_id: 1,
          phone: `0803124${String(5_000 + j)}`,
          amount: 10_000,
          pin,
          request_id: crypto.randomUUID(),
          allow_duplicate: true,
        },
      }).catch(() => null),
    );
    // Held and on their way when the app dies: VTpass has none of them.
    const deadline = Date.now() + 30_000;
    let held = 0;
    while (held < 10 && Date.now() < deadline) {
      const list = await sendOk("GET /sys.admin/transactions", {
        token: adminToken,
        query: { status: "pending", kind: "airtime" },
      });
      held = list.count;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(held).toBe(10);
    child.kill("SIGKILL");
    await child.exited;
    await Promise.all(purchases);
    losing = false;

    const restarted = Date.now();
    child = await startApp();
    expect(await pendingAfterWaiting(adminToken, restarted + 60_000)).toBe(0);
    // Within seconds of starting (the requery worker's first runs), not after VTpass's 30 minutes.
    expect(Date.now() - restarted).toBeLessThan(30_000);
    child.kill("SIGTERM");
    await child.exited;
    child = undefined;

    const after = await openStore();
    try {
      const mine = await after.db.select().from(transactions).where(eq(transactions.kind, "airtime"));
      const lost = mine.filter((t) => t.recipient?.startsWith("080312450"));
      expect(lost.map((t) => t.status)).toEqual(Array(10).fill("successful"));
      // VTpass never saw the first sending; each was sent again with its own request id, once.
      const delivered = lost.filter(
        (t) => vtpass.control.transaction(t.providerRequestId ?? "")?.status === "delivered",
      );
      expect(delivered).toHaveLength(10);
      expect(vtpass.control.requests.filter((r) => r.path.endsWith("/pay")).length - sentBefore).toBe(10);
      await expectLedgerConsistent(after.db);
    } finally {
      await after.close();
    }
  }, 180_000);

  it("settles within a minute of a restart, with the default settings, 50 purchases whose answers the crash lost", async () => {
    // Every setting of the requery worker and the provider's time limit as an operator runs them.
    const defaults = [
      "PROVIDER_TIMEOUT_MS",
      "REQUERY_INTERVAL_MS",
      "REQUERY_BASE_DELAY_MS",
      "REQUERY_CONCURRENCY",
    ];
    child = await startApp(defaults);
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      const login = await sendOk("POST /auth/login", {
        body: { email: `crash${i}@example.com`, password: "customer password 1" },
      });
      tokens.push(login.token);
    }
    const sentBefore = vtpass.control.requests.filter((r) => r.path.endsWith("/pay")).length;
    answersLost = true;
    const purchases = tokens.flatMap((token, i) =>
      Array.from({ length: 10 }, (_, j) =>
        send("POST /core/customer/airtime", {
          token,
          body: {
            network_id: 1,
            phone: `0803126${String(1_000 + i * 10 + j)}`,
            amount: 10_000,
            pin,
            request_id: crypto.randomUUID(),
            allow_duplicate: true,
          },
        }).catch(() => null),
      ),
    );
    // All 50 delivered at VTpass, every answer still on its way when the app dies.
    const asked = () => vtpass.control.requests.filter((r) => r.path.endsWith("/pay")).length - sentBefore;
    const deadline = Date.now() + 60_000;
    while (asked() < 50 && Date.now() < deadline) await sleep(20);
    expect(asked()).toBe(50);
    child.kill("SIGKILL");
    await child.exited;
    await Promise.all(purchases);
    answersLost = false;

    // VTpass now takes 3 s to answer each requery.
    requeryAnswerMs = 3_000;
    const restarted = Date.now();
    child = await startApp(defaults);
    expect(await pendingAfterWaiting(adminToken, restarted + 60_000)).toBe(0);
    const tookMs = Date.now() - restarted;
    expect(tookMs).toBeLessThan(60_000);
    child.kill("SIGTERM");
    await child.exited;
    child = undefined;
    requeryAnswerMs = 0;
    // Never asked about one purchase twice at a time; never sent twice.
    expect(requeriesAtOnce).toBe(1);
    expect(asked()).toBe(50);

    const after = await openStore();
    try {
      const mine = await after.db.select().from(transactions).where(eq(transactions.kind, "airtime"));
      const lost = mine.filter((t) => t.recipient?.startsWith("0803126"));
      expect(lost.map((t) => t.status)).toEqual(Array(50).fill("successful"));
      await expectLedgerConsistent(after.db);
    } finally {
      await after.close();
    }
  }, 240_000);
});
