import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database";
import { tryCounters } from "../../server/db/schema";
import {
  forgetIdleTries,
  knownGuess,
  reserveTry,
  type TryRule,
  tryGuess,
} from "../../server/services/accounts/tryCounters";
import { TestClock } from "./support/testClock";
import { openTestDatabase } from "./support/testDatabase";

// The statements themselves, without the in-process queue in front of them: what several server
// processes sharing one database rely on. On Postgres the 200 reservations truly overlap.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const rule: TryRule = {
  free: 5,
  blockMs: 60_000,
  afterBlock: "restart",
  maxBlockMs: 60_000,
  forgetAfterMs: 3_600_000,
};

describe("try counters", () => {
  it("lets exactly the free number of 200 simultaneous reservations in, without waiting", async () => {
    const clock = new TestClock();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => reserveTry(handle.db, clock, "test:burst", rule, 0)),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
    const [row] = await handle.db.select().from(tryCounters).where(eq(tryCounters.key, "test:burst"));
    expect(row).toMatchObject({ failures: 0, pending: 5 });
  });

  it("blocks after the free wrong guesses, and a served block starts a new count", async () => {
    const clock = new TestClock();
    const wrong = () => tryGuess(handle.db, clock, "test:serial", rule, async () => false);
    for (const left of [4, 3, 2, 1])
      expect(await wrong()).toMatchObject({ result: "wrong", left, blockedUntil: null });
    expect(await wrong()).toMatchObject({
      result: "wrong",
      left: 0,
      blockedUntil: new Date(clock.now().getTime() + 60_000),
    });
    expect(await tryGuess(handle.db, clock, "test:serial", rule, async () => true)).toMatchObject({
      result: "refused",
    });
    clock.advance(60_000);
    expect(await wrong()).toMatchObject({ result: "wrong", left: 4 });
    expect(await tryGuess(handle.db, clock, "test:serial", rule, async () => true)).toEqual({
      result: "right",
    });
    expect(await wrong()).toMatchObject({ result: "wrong", left: 4 });
  });

  it("gives a guess's place back when its check throws, counting nothing", async () => {
    const clock = new TestClock();
    const failing = tryGuess(handle.db, clock, "test:throws", rule, async () => {
      throw new Error("hash library failed");
    });
    await expect(failing).rejects.toThrow("hash library failed");
    const [row] = await handle.db.select().from(tryCounters).where(eq(tryCounters.key, "test:throws"));
    expect(row).toMatchObject({ failures: 0, pending: 0 });
  });

  it("forgets a place a crashed process held once it has been quiet for 30 seconds", async () => {
    const clock = new TestClock();
    for (let i = 0; i < 5; i++)
      expect(await reserveTry(handle.db, clock, "test:crash", rule, 0)).toEqual({ ok: true });
    expect((await reserveTry(handle.db, clock, "test:crash", rule, 0)).ok).toBe(false);
    clock.advance(30_000);
    expect(await reserveTry(handle.db, clock, "test:crash", rule, 0)).toEqual({ ok: true });
  });

  it("forgets counters idle for a day, but not one still blocking", async () => {
    const clock = new TestClock();
    const long: TryRule = { ...rule, blockMs: 48 * 3_600_000, maxBlockMs: 48 * 3_600_000 };
    await tryGuess(handle.db, clock, "test:idle", rule, async () => false);
    for (let i = 0; i < 5; i++) await tryGuess(handle.db, clock, "test:long-block", long, async () => false);
    clock.advance(24 * 3_600_000 + 1);
    await forgetIdleTries(handle.db, clock);
    const keys = (await handle.db.select({ key: tryCounters.key }).from(tryCounters)).map((r) => r.key);
    expect(keys).not.toContain("test:idle");
    expect(keys).toContain("test:long-block");
  });
});

describe("guesses judged before they are let in (a keyed PIN hash)", () => {
  it("counts exactly the free number of 200 simultaneous wrong guesses and refuses the rest", async () => {
    const clock = new TestClock();
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => knownGuess(handle.db, clock, "known:burst", rule, false, 0)),
    );
    const wrong = answers.filter((a) => a.result === "wrong");
    expect(wrong.map((a) => a.left).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(wrong.filter((a) => a.blockedUntil)).toHaveLength(1);
    expect(answers.filter((a) => a.result === "refused")).toHaveLength(195);
    const [row] = await handle.db.select().from(tryCounters).where(eq(tryCounters.key, "known:burst"));
    expect(row).toMatchObject({ failures: 5, pending: 0 });
  });

  it("blocks on the fifth wrong guess, refuses the right one while blocked, and starts again after", async () => {
    const clock = new TestClock();
    const guess = (right: boolean) => knownGuess(handle.db, clock, "known:serial", rule, right);
    expect(await guess(false)).toMatchObject({ result: "wrong", left: 4, blockedUntil: null });
    // A right guess starts the count again.
    expect(await guess(true)).toEqual({ result: "right" });
    for (const left of [4, 3, 2, 1])
      expect(await guess(false)).toMatchObject({ result: "wrong", left, blockedUntil: null });
    const blockEnds = new Date(clock.now().getTime() + 60_000);
    expect(await guess(false)).toEqual({ result: "wrong", failures: 5, left: 0, blockedUntil: blockEnds });
    expect(await guess(true)).toEqual({ result: "refused", retryAt: blockEnds });
    clock.advance(60_000);
    expect(await guess(false)).toMatchObject({ result: "wrong", left: 4 });
    expect(await guess(true)).toEqual({ result: "right" });
    const [row] = await handle.db.select().from(tryCounters).where(eq(tryCounters.key, "known:serial"));
    expect(row).toMatchObject({ failures: 0, pending: 0, blockedUntil: null });
  });

  it("shares the free guesses with slow ones being checked: none is let in while they fill them", async () => {
    const clock = new TestClock();
    for (let i = 0; i < 5; i++)
      expect(await reserveTry(handle.db, clock, "known:shared", rule, 0)).toEqual({ ok: true });
    expect(await knownGuess(handle.db, clock, "known:shared", rule, true, 0)).toMatchObject({
      result: "refused",
    });
    const [row] = await handle.db.select().from(tryCounters).where(eq(tryCounters.key, "known:shared"));
    expect(row).toMatchObject({ failures: 0, pending: 5 });
  });

  it("grows the block with each wrong guess past the free ones under a growing rule", async () => {
    const clock = new TestClock();
    const grow: TryRule = { ...rule, afterBlock: "grow", maxBlockMs: 10 * 60_000 };
    const guess = () => knownGuess(handle.db, clock, "known:grow", grow, false, 0);
    for (let i = 0; i < 4; i++) await guess();
    expect(await guess()).toMatchObject({ blockedUntil: new Date(clock.now().getTime() + 60_000) });
    clock.advance(60_000);
    expect(await guess()).toMatchObject({ left: 0, blockedUntil: new Date(clock.now().getTime() + 120_000) });
  });
});
