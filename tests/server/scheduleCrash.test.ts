import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openPglite, openPostgres } from "../../server/db/database";
import { idempotencyKeys, scheduleRuns, schedules, transactions } from "../../server/db/schema";
import { lagosTimestamp } from "../../server/lagosCalendar";
import { seedSystemRows } from "../../server/services/accounts/adminBootstrap";
import { type ChildServer, startChildServer } from "../support/childServer";
import { freePort } from "../support/freePort";
import { childAppEnv, fundAsFirstAdmin, seedCustomers } from "./support/childAppSetup";
import { httpApi } from "./support/httpApi";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { fileClock, moveFileClock } from "./support/movedClockMain";
import { startOutsideProviders } from "./support/outsideProviders";
import { createScratchDatabase, onPostgres } from "./support/testDatabase";

// A daily scheduled purchase run through a simulated month by the app in a process of its own, on a
// clock the test moves a day at a time (movedClockMain.ts: the app as main.ts starts it, its clock
// read from a file; VTpass, simulated in this process, reads the same). On some days the app is
// killed with kill -9 in the middle of a run and started again: while VTpass holds the run's
// purchase (it delivered, the app never heard), and after the run is claimed and before its purchase is
// written (placingStop). Exactly one purchase a period, whoever placed it. Waits are on conditions.

const admin = { email: "root@schedulecrash.test", password: "schedule crash admin 1" };
const customer = { email: "saver@schedulecrash.test", password: "customer password 1" };
const pin = "2468";
const funded = 1_000_000; // ₦10,000
const days = 30;
const dayMs = 86_400_000;

const work = mkdtempSync(join(tmpdir(), "ojapay-schedule-crash-"));
const dataDir = join(work, "data");
const clockFile = join(work, "clock");
writeFileSync(clockFile, "0");
const clock = fileClock(clockFile);
let scratch: { url: string; drop(): Promise<void> } | undefined;
let closeOutside: () => void = () => {};
let vtpass: Awaited<ReturnType<typeof startOutsideProviders>>["vtpass"];
let env: Record<string, string>;
let child: ChildServer | undefined;
let base: string;
let port: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the next purchase's insert, for a kill after its run's claim and before its purchase exists: a
 * trigger the test adds to `transactions`. On Postgres the insert waits on an advisory lock the test
 * holds (`lock` is one connection: the lock is its session's). PGlite runs inside the app's process,
 * which the test cannot reach while it runs, so there the test asks by a file in the data directory, and
 * the insert that sees it leaves a file saying it is there and sleeps, its process with it, until killed.
 */
function placingStop(lock: DatabaseHandle | null) {
  const key = 3838;
  const asked = join(dataDir, "stop_placing");
  const stopped = join(dataDir, "placing_stopped");
  const waiting = async () => {
    if (!lock) return [];
    const found = await lock.db.execute(
      sql`select pid from pg_locks where locktype = 'advisory' and objid = ${key} and not granted`,
    );
    return (found as unknown as { rows: { pid: number }[] }).rows.map((r) => r.pid);
  };
  return {
    async install(store: DatabaseHandle) {
      const stops = lock
        ? `perform pg_advisory_xact_lock_shared(${key});`
        : `if (pg_stat_file('stop_placing', true)).size is not null
               and (pg_stat_file('placing_stopped', true)).size is null then
             execute format('copy (select 1) to %L', current_setting('data_directory') || '/placing_stopped');
             perform pg_sleep(3600);
           end if;`;
      await store.db.execute(
        sql.raw(`create function crash_test_placing() returns trigger language plpgsql
          as $$ begin ${stops} return new; end $$`),
      );
      await store.db.execute(
        sql.raw(`create trigger crash_test_placing before insert on transactions
          for each row execute function crash_test_placing()`),
      );
    },
    async arm() {
      if (lock) await lock.db.execute(sql`select pg_advisory_lock(${key})`);
      else writeFileSync(asked, "");
    },
    reached: async () => (lock ? (await waiting()).length > 0 : existsSync(stopped)),
    /** After the kill: the killed app's waiting insert is ended, as its crash ends it, and inserts pass again. */
    async release() {
      if (!lock) {
        rmSync(asked);
        rmSync(stopped);
        return;
      }
      // A statement waiting on a lock would go on once it is free, and commit, its app dead or not.
      for (const pid of await waiting()) await lock.db.execute(sql`select pg_terminate_backend(${pid})`);
      await until("the killed app's session to end", async () => (await waiting()).length === 0);
      await lock.db.execute(sql`select pg_advisory_unlock(${key})`);
    },
  };
}

/** While set, VTpass delivers each purchase but keeps its answer: the app dies waiting for it. */
let holdAnswers = false;
let held = 0;
const released: Array<() => void> = [];
async function vtpassGate(request: Request, pass: () => Response | Promise<Response>): Promise<Response> {
  const answer = await pass();
  if (holdAnswers && request.url.endsWith("/pay")) {
    held++;
    await new Promise<void>((resolve) => released.push(resolve));
  }
  return answer;
}
const pays = () => vtpass.control.requests.filter((r) => r.path.endsWith("/pay"));

async function openStore(connections = 5): Promise<DatabaseHandle> {
  return scratch ? openPostgres(scratch.url, connections) : openPglite(dataDir);
}

const startApp = () =>
  startChildServer("tests/server/support/movedClockMain.ts", env, "/api/status/", { port });

const { send, sendOk } = httpApi(() => base);

async function until(what: string, done: () => Promise<boolean> | boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}\n${child?.output() ?? ""}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  scratch = onPostgres() ? await createScratchDatabase() : undefined;
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const outside = await startOutsideProviders({
    name: "schedulecrash",
    vtpassGate,
    vtpassWebhookUrl: null,
    paystackWebhookUrl: `${base}/api/webhooks/paystack/`,
    clock,
  });
  vtpass = outside.vtpass;
  closeOutside = outside.close;
  env = childAppEnv({
    name: "sched",
    base,
    outsideEnv: outside.env,
    admin,
    database: scratch ? { url: scratch.url } : { dataDir },
    extra: { MOVED_CLOCK_FILE: clockFile, ADDRESS_LIMIT_PER_MINUTE: "100000" },
  });
}, 60_000);

afterAll(async () => {
  child?.kill("SIGKILL");
  for (const release of released) release();
  closeOutside();
  await scratch?.drop();
  rmSync(work, { recursive: true, force: true });
});

/** The customer's session, signed in again once the moved clock has outlived it. */
let token = "";
async function scheduleNow(id: string) {
  for (;;) {
    const read = await send("GET /core/customer/schedules/:id", { token, params: { id } });
    if (read.data) return read.data;
    if (read.status !== 401) throw new Error(`reading the schedule: ${read.status} ${read.body.msg}`);
    token = (await sendOk("POST /auth/login", { body: customer })).token;
  }
}

describe("a crash in the middle of a scheduled run", () => {
  it("buys once a period across a simulated month, killed with kill -9 mid-run and restarted", async () => {
    const lock = scratch ? await openStore(1) : null;
    const stop = placingStop(lock);
    const store = await openStore();
    await seedSystemRows(store.db);
    await stop.install(store);
    const [customerId = ""] = await seedCustomers(store, [customer], pin);
    await store.close();

    child = await startApp();
    await fundAsFirstAdmin({ sendOk }, admin, [customerId], funded);
    token = (await sendOk("POST /auth/login", { body: customer })).token;
    const made = await sendOk("POST /core/customer/schedules", {
      token,
      body: {
        kind: "airtime",
        network_id: 1,
        phone: "08034005678",
        amount: 10_000,
        every: "day",
        at: "07:00",
        pin,
      },
    });
    const first = new Date(made.next_runs[0] as string);

    let killedAtClaim = 0;
    try {
      for (let day = 0; day < days; day++) {
        const period = new Date(first.getTime() + day * dayMs);
        const killMidAnswer = day % 7 === 3;
        const killAtClaim = day % 7 === 5;
        holdAnswers = killMidAnswer;
        const heldBefore = held;
        if (killAtClaim) await stop.arm();
        moveFileClock(clockFile, new Date(period.getTime() + 30 * 60_000));
        if (killMidAnswer) await until("VTpass to hold the run's answer", () => held > heldBefore);
        if (killAtClaim) await until("the run's purchase to be stopped", stop.reached);
        if (killMidAnswer || killAtClaim) {
          child.kill("SIGKILL");
          await child.exited;
          if (killAtClaim) {
            await stop.release();
            // The run was claimed, and nothing of its purchase was written.
            const store = lock ?? (await openStore());
            const [claimed] = await store.db
              .select({ claimedBy: schedules.claimedBy })
              .from(schedules)
              .where(eq(schedules.id, made.id));
            const bought = await store.db
              .select({ id: transactions.id })
              .from(transactions)
              .where(and(eq(transactions.userId, customerId), eq(transactions.kind, "airtime")));
            if (!lock) await store.close();
            expect(claimed?.claimedBy).not.toBeNull();
            expect(bought).toHaveLength(day);
            killedAtClaim++;
          }
          holdAnswers = false;
          for (const release of released.splice(0)) release();
          child = await startApp();
        }
        await until(`day ${day + 1}'s run`, async () => {
          const seen = await scheduleNow(made.id);
          return seen.runs[0]?.period === lagosTimestamp(period);
        });
      }
      // The purchases the kills left pending are settled by the requery worker.
      await until("every run settled", async () => {
        const seen = await scheduleNow(made.id);
        return seen.runs.every((r) => r.status !== "pending");
      });
    } finally {
      await lock?.close();
    }
    // Days 6, 13, 20 and 27 were killed between claim and purchase.
    expect(killedAtClaim).toBe(4);
    child.kill("SIGTERM");
    await child.exited;
    child = undefined;

    const after = await openStore();
    try {
      const runs = await after.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, made.id));
      expect(runs).toHaveLength(days);
      expect(runs.every((r) => r.transactionId !== null)).toBe(true);
      const ids = runs.map((r) => r.transactionId as string);
      const bought = await after.db.select().from(transactions).where(eq(transactions.userId, customerId));
      const airtime = bought.filter((t) => t.kind === "airtime");
      expect(airtime).toHaveLength(days);
      expect(new Set(airtime.map((t) => t.id))).toEqual(new Set(ids));
      expect(airtime.every((t) => t.status === "successful")).toBe(true);
      const keys = await after.db
        .select()
        .from(idempotencyKeys)
        .where(inArray(idempotencyKeys.transactionId, ids));
      expect(new Set(keys.map((k) => k.requestId)).size).toBe(days);
      const spent = airtime.reduce((sum, t) => sum + t.total, 0);
      expect(await walletBalance(after.db, customerId)).toBe(funded - spent);
      await expectLedgerConsistent(after.db);
      // VTpass was asked to deliver once a period: no run was sent twice, before or after a kill.
      const delivered = new Set(pays().map((r) => (r.body as { request_id: string }).request_id));
      expect(pays()).toHaveLength(days);
      expect(delivered.size).toBe(days);
    } finally {
      await after.close();
    }
  }, 300_000);
});
