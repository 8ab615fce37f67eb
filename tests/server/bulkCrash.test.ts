import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../server/db/database";
import { bulkRows, transactions } from "../../server/db/schema";
import { seedSystemRows } from "../../server/services/accounts/adminBootstrap";
import { type ChildServer, startChildServer } from "../support/childServer";
import { freePort } from "../support/freePort";
import { childAppEnv, fundAsFirstAdmin, seedCustomers } from "./support/childAppSetup";
import { httpApi } from "./support/httpApi";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { startOutsideProviders } from "./support/outsideProviders";
import { createScratchDatabase, onPostgres } from "./support/testDatabase";

// `kill -9` in the middle of a 200-row bulk purchase, then a restart on the same data: the batch
// finishes with each row bought exactly once, the wallet charged exactly the rows' sum and the ledger
// balanced. VTpass is simulated by this test process, outside the app, because the real one does not
// die when the app does. Every wait is on a condition, never a fixed sleep.

const admin = { email: "root@bulkcrash.test", password: "bulk crash admin 1" };
const customer = { email: "agent@bulkcrash.test", password: "customer password 1" };
const pin = "2468";
const funded = 3_000_000; // ₦30,000
const rowCount = 200;

const work = mkdtempSync(join(tmpdir(), "ojapay-bulk-crash-"));
const dataDir = join(work, "data");
let scratch: { url: string; drop(): Promise<void> } | undefined;
let closeOutside: () => void = () => {};
let vtpass: Awaited<ReturnType<typeof startOutsideProviders>>["vtpass"];
let env: Record<string, string>;
let child: ChildServer | undefined;
let base: string;
let port: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Each purchase takes VTpass a moment, so the batch is still running when the app dies, rows in flight. */
async function vtpassGate(request: Request, pass: () => Response | Promise<Response>): Promise<Response> {
  if (request.url.endsWith("/pay")) await sleep(40);
  return pass();
}
const pays = () => vtpass.control.requests.filter((r) => r.path.endsWith("/pay"));

async function openStore(): Promise<DatabaseHandle> {
  return scratch ? openPostgres(scratch.url, 5) : openPglite(dataDir);
}

const startApp = () => startChildServer("server/main.ts", env, "/api/status/", { port });

const { sendOk } = httpApi(() => base);

beforeAll(async () => {
  scratch = onPostgres() ? await createScratchDatabase() : undefined;
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const outside = await startOutsideProviders({
    name: "bulkcrash",
    vtpassGate,
    vtpassWebhookUrl: `${base}/api/webhooks/vtpass/`,
    paystackWebhookUrl: `${base}/api/webhooks/paystack/`,
  });
  vtpass = outside.vtpass;
  closeOutside = outside.close;
  env = childAppEnv({
    name: "bulk",
    base,
    outsideEnv: outside.env,
    admin,
    database: scratch ? { url: scratch.url } : { dataDir },
    extra: { PORT: String(port), BULK_CONCURRENCY: "4" },
  });
}, 60_000);

afterAll(async () => {
  child?.kill("SIGKILL");
  closeOutside();
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** The batch as its owner reads it, once `done` says so or `until` has passed. */
async function batchWhen(
  token: string,
  id: string,
  done: (batch: { queued: number; pending: number; status: string }) => boolean,
  until: number,
) {
  for (;;) {
    const batch = await sendOk("GET /core/customer/bulk/:id", { token, params: { id } });
    if (done(batch) || Date.now() >= until) return batch;
    await sleep(200);
  }
}

describe("a crash in the middle of a bulk purchase", () => {
  it("finishes a 200-row batch after kill -9 and a restart, each row bought exactly once", async () => {
    const store = await openStore();
    await seedSystemRows(store.db);
    const [customerId = ""] = await seedCustomers(store, [customer], pin);
    await store.close();

    child = await startApp();
    await fundAsFirstAdmin({ sendOk }, admin, [customerId], funded);
    const token = (await sendOk("POST /auth/login", { body: customer })).token;

    // 200 different MTN numbers, ₦100 each; none ends in a number VTpass's simulator fails or holds.
    const rows = Array.from({ length: rowCount }, (_, i) => ({
      phone: `0803${String(4_005_000 + i)}`,
      network_id: 1,
      amount: 10_000,
    }));
    const batch = await sendOk("POST /core/customer/bulk", {
      token,
      body: { kind: "airtime", rows, pin, request_id: crypto.randomUUID() },
    });
    expect(batch).toMatchObject({ count: rowCount, status: "running" });

    // About half bought, the rest queued or on their way to VTpass: the app dies.
    const deadline = Date.now() + 60_000;
    while (pays().length < rowCount / 2 && Date.now() < deadline) await sleep(10);
    if (pays().length < rowCount / 2) {
      const seen = await sendOk("GET /core/customer/bulk/:id", { token, params: { id: batch.id } });
      throw new Error(
        `the batch stalled: ${JSON.stringify({ ...seen, rows: seen.rows.slice(0, 6) })}\n${child?.output() ?? ""}`,
      );
    }
    child.kill("SIGKILL");
    await child.exited;
    const paidAtCrash = pays().length;
    expect(paidAtCrash).toBeGreaterThanOrEqual(rowCount / 2);
    expect(paidAtCrash).toBeLessThan(rowCount);

    // Started again on the same data: the rows the dead process had claimed are taken over at once,
    // those it had bought are recorded rather than bought again, the rest are placed.
    child = await startApp();
    const finished = await batchWhen(
      token,
      batch.id,
      (b) => b.status === "finished" && b.pending === 0,
      Date.now() + 120_000,
    );
    expect(finished).toMatchObject({
      status: "finished",
      queued: 0,
      pending: 0,
      successful: rowCount,
      failed: 0,
    });
    child.kill("SIGTERM");
    await child.exited;
    child = undefined;

    const after = await openStore();
    try {
      const bought = await after.db.select().from(transactions).where(eq(transactions.kind, "airtime"));
      expect(bought).toHaveLength(rowCount);
      expect(new Set(bought.map((t) => t.recipient)).size).toBe(rowCount);
      expect(bought.every((t) => t.status === "successful")).toBe(true);
      const placed = await after.db.select().from(bulkRows).where(eq(bulkRows.batchId, batch.id));
      expect(new Set(placed.map((r) => r.transactionId)).size).toBe(rowCount);
      const spent = bought.reduce((sum, t) => sum + t.total, 0);
      expect(spent).toBe(batch.total);
      expect(await walletBalance(after.db, customerId)).toBe(funded - spent);
      await expectLedgerConsistent(after.db);
      // VTpass delivered each purchase once: a repeat after the crash reused its request id.
      const delivered = new Set(pays().map((r) => (r.body as { request_id: string }).request_id));
      expect(delivered.size).toBe(rowCount);
    } finally {
      await after.close();
    }
  }, 240_000);
});
