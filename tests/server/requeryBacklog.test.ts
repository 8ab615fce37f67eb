import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { livingInstances, presenceLockClass } from "../../server/db/instancePresence";
import { transactions, users } from "../../server/db/schema";
import type { Provider, ProviderResult } from "../../server/outside/provider";
import { providerSet } from "../../server/outside/providerSet";
import { startRequeryPump } from "../../server/services/purchases/requeryPump";
import { askAboutOrphans } from "../../server/services/purchases/requeryWorker";
import { expectLedgerConsistent, walletBalance } from "./support/ledgerInvariants";
import { naira, serverForFile } from "./support/serverForFile";
import { onPostgres } from "./support/testDatabase";

// Issue 34: money held by an outage or a crash settles in seconds. A backlog is asked about in
// parallel, bounded per provider, by every instance at once, and never one purchase twice at a time;
// a dead instance's purchases are asked about at once, a living one's are left to it.
// One provider: every purchase is pending at VTpass, whatever a loaded machine's time limits do to routing.
const server = serverForFile({ PROVIDERS: "vtpass" });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer at tier 3 (room for a thousand purchases a day) with `kobo` in the wallet and a PIN. */
async function bigCustomer(kobo: number) {
  const c = await server.signedInCustomer();
  await server.db.update(users).set({ kycTier: 3 }).where(eq(users.id, c.id));
  const pin = "1357";
  await server.setPin(c, pin);
  await server.fund(c.id, kobo);
  return { ...c, pin };
}

/** `count` airtime purchases of ₦50 that VTpass leaves processing (numbers ending 1111), `atOnce` at a time. */
async function pendingPurchases(c: { token: string; pin: string }, count: number, atOnce = 25) {
  for (let sent = 0; sent < count; sent += atOnce) {
    const batch = Array.from({ length: Math.min(atOnce, count - sent) }, () =>
      server.send("POST /core/customer/airtime", {
        token: c.token,
        body: {
          network_id: 1,
          phone: "08031231111",
          amount: naira(50),
          pin: c.pin,
          request_id: crypto.randomUUID(),
          allow_duplicate: true,
        },
      }),
    );
    for (const bought of await Promise.all(batch)) expect(bought.data?.status).toBe("pending");
  }
}

const pendingCount = async () =>
  (
    await server.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.status, "pending"))
  ).length;

/**
 * VTpass as one instance's adapter reaches it, answering every requery after `answerMs` that the
 * purchase was delivered, and keeping count: asks of one purchase at the same time, and the most out.
 */
function slowVtpass(
  answerMs: number,
  seen: { asking: Map<string, number>; overlaps: number; out: number; peak: number; asked: number },
) {
  const real = server.deps.providers.get("vtpass");
  const provider: Provider = {
    ...real,
    async requery(attempt): Promise<ProviderResult> {
      const id = attempt.requestId;
      const now = (seen.asking.get(id) ?? 0) + 1;
      if (now > 1) seen.overlaps += 1;
      seen.asking.set(id, now);
      seen.out += 1;
      seen.peak = Math.max(seen.peak, seen.out);
      await sleep(answerMs);
      seen.asking.set(id, (seen.asking.get(id) ?? 1) - 1);
      seen.out -= 1;
      seen.asked += 1;
      return { status: "successful", providerReference: `slow-${id}` };
    },
  };
  return providerSet([provider]);
}

describe("a backlog of pending purchases", () => {
  it("settles 1,000 at a provider answering in 1 s within 60 s: two instances, each purchase asked once at a time", async () => {
    const c = await bigCustomer(naira(60_000));
    await pendingPurchases(c, 1_000);
    expect(await pendingCount()).toBe(1_000);
    const held = await walletBalance(server.db, c.id);

    // All of them due: the provider had an outage, and it is back.
    server.clock.advance(60_000);
    const seen = { asking: new Map<string, number>(), overlaps: 0, out: 0, peak: 0, asked: 0 };
    const other = await server.announceInstance();
    // Two instances, each with its own adapter and pump, on one database; each runs once, as at start.
    const pumps = [
      startRequeryPump({ ...server.deps, providers: slowVtpass(1_000, seen) }),
      startRequeryPump({ ...server.deps, instance: other, providers: slowVtpass(1_000, seen) }),
    ];
    const started = Date.now();
    try {
      await Promise.all(pumps.map((pump) => pump.run()));
      while ((await pendingCount()) > 0 && Date.now() - started < 60_000) await sleep(200);
      const tookMs = Date.now() - started;
      expect(await pendingCount()).toBe(0);
      expect(tookMs).toBeLessThan(60_000);
    } finally {
      await Promise.all(pumps.map((pump) => pump.stop()));
      await other.close();
    }
    // Each asked exactly once, never two at a time; both instances asking, each within its bound.
    expect(seen.overlaps).toBe(0);
    expect(seen.asked).toBe(1_000);
    expect(seen.peak).toBeGreaterThan(server.deps.config.requeryConcurrency);
    expect(seen.peak).toBeLessThanOrEqual(2 * server.deps.config.requeryConcurrency);
    const delivered = await server.db
      .select({ total: transactions.total })
      .from(transactions)
      .where(
        and(
          eq(transactions.userId, c.id),
          eq(transactions.kind, "airtime"),
          eq(transactions.status, "successful"),
        ),
      );
    expect(delivered).toHaveLength(1_000);
    // Delivered with the money the purchases held: the wallet does not move again.
    expect(await walletBalance(server.db, c.id)).toBe(held);
    expect(held).toBe(naira(60_000) - delivered.reduce((sum, row) => sum + row.total, 0));
    await expectLedgerConsistent(server.db);
  }, 240_000);

  it("asks at once about the purchases of an instance that is gone, and leaves a living one's to it", async () => {
    const c = await bigCustomer(naira(1_000));
    const living = await server.announceInstance();
    const gone = await server.announceInstance();
    await pendingPurchases(c, 2, 2);
    const mine = await server.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.userId, c.id), eq(transactions.status, "pending")));
    const [ofLiving, ofGone] = mine;
    if (!ofLiving || !ofGone) throw new Error("two purchases expected");
    // Each sent by its instance, each next asked about in ten minutes.
    const later = new Date(server.clock.now().getTime() + 600_000);
    for (const [row, instance] of [
      [ofLiving, living],
      [ofGone, gone],
    ] as const)
      await server.db
        .update(transactions)
        .set({ askedBy: instance.id, nextRequeryAt: later })
        .where(eq(transactions.id, row.id));

    expect(await askAboutOrphans(server.deps)).toBe(0);
    await gone.close();
    expect(await askAboutOrphans(server.deps)).toBe(1);
    // Asked about once: made due now, and not again.
    expect(await askAboutOrphans(server.deps)).toBe(0);
    const after = await server.db.select().from(transactions).where(eq(transactions.userId, c.id));
    const next = (id: string) => after.find((row) => row.id === id)?.nextRequeryAt?.getTime();
    expect(next(ofGone.id)).toBe(server.clock.now().getTime());
    expect(next(ofLiving.id)).toBe(later.getTime());
    await living.close();
  });

  it("sees an instance alive while its session holds its lock, and again once a lost session is made anew", async () => {
    const living = async () => {
      const [row] = await server.db
        .select({ ids: sql<number[]>`array${livingInstances}` })
        .from(sql`(select 1) as one`);
      return row?.ids ?? [];
    };
    const instance = await server.announceInstance();
    expect(await living()).toEqual(expect.arrayContaining([server.deps.instance.id, instance.id]));
    if (onPostgres()) {
      // Its connection ended by the server (a restart, a network fault): gone at once, then back with
      // the same id once the presence has connected again.
      await server.db.execute(
        sql`select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = ${presenceLockClass} and objid = ${instance.id} and objsubid = 2`,
      );
      await vi.waitFor(async () => expect(await living()).not.toContain(instance.id), { timeout: 10_000 });
      await vi.waitFor(async () => expect(await living()).toContain(instance.id), { timeout: 20_000 });
    }
    await instance.close();
    expect(await living()).not.toContain(instance.id);
    expect(await living()).toContain(server.deps.instance.id);
  });
});
