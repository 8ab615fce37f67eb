import { and, eq, lt, or, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { preparedOnce } from "../../db/preparedOnce";
import { tryCounters } from "../../db/schema";

/** How many guesses a key gets, and what happens once they are used. */
export interface TryRule {
  /** Wrong guesses allowed before the first block. */
  free: number;
  /** The block that follows the last free wrong guess. */
  blockMs: number;
  /**
   * `restart`: a served block starts a new count (the PIN, the codes). `grow`: the count goes on, one
   * guess at a time, each wrong one doubling the block up to `maxBlockMs` (sign-in).
   */
  afterBlock: "restart" | "grow";
  maxBlockMs: number;
  /** A key left alone this long starts again from nothing. */
  forgetAfterMs: number;
}

export type Reservation = { ok: true } | { ok: false; retryAt: Date };

export type TryOutcome =
  | { result: "refused"; retryAt: Date }
  | { result: "right" }
  | { result: "wrong"; failures: number; left: number; blockedUntil: Date | null };

/**
 * What a check found: right, wrong, or `uncounted`: the secret was right but the caller still refuses
 * (sign-in to an account that also needs its mailed code), so the key neither starts afresh, which
 * would hand a guesser new free tries, nor counts a wrong guess, which would lengthen the owner's wait.
 */
export type CheckResult = boolean | "uncounted";

/** The outcomes a check can lead to: `uncounted` only from a check that may answer it. */
type OutcomeOf<R extends CheckResult> =
  | TryOutcome
  | ("uncounted" extends R ? { result: "uncounted" } : never);

/**
 * Checks one guess at the secret behind `key` with `check` (the slow hash), if the key lets it in.
 * The guess is let in by one statement that also refuses it while the key is blocked (`reserveTry`),
 * and settled by another; a right guess looks again at the block before it counts. Guesses on one key
 * in this process queue for their turn in memory, so a burst waits without hammering the database.
 */
export async function tryGuess<R extends CheckResult>(
  db: Queryable,
  clock: Clock,
  key: string,
  rule: TryRule,
  check: () => Promise<R>,
): Promise<OutcomeOf<R>> {
  await enterGate(key, rule.free);
  try {
    const reserved = await reserveTry(db, clock, key, rule);
    if (!reserved.ok) return { result: "refused", retryAt: reserved.retryAt };
    let right: R;
    try {
      right = await check();
    } catch (error) {
      await releaseTry(db, key);
      throw error;
    }
    if (right === "uncounted") {
      await releaseTry(db, key);
      return { result: "uncounted" } as OutcomeOf<R>;
    }
    if (!right) return { result: "wrong", ...(await settleWrong(db, clock, key, rule)) };
    if (await settleRight(db, clock, key)) return { result: "right" };
    return { result: "refused", retryAt: new Date(clock.now().getTime() + rule.blockMs) };
  } finally {
    leaveGate(key);
  }
}

const gates = new Map<string, { active: number; queue: Array<() => void> }>();

async function enterGate(key: string, width: number): Promise<void> {
  let gate = gates.get(key);
  if (!gate) {
    gate = { active: 0, queue: [] };
    gates.set(key, gate);
  }
  if (gate.active < width) {
    gate.active += 1;
    return;
  }
  const waiting = gate;
  await new Promise<void>((resolve) => waiting.queue.push(resolve)); // the leaver hands its place over
}

function leaveGate(key: string): void {
  const gate = gates.get(key);
  if (!gate) return;
  const next = gate.queue.shift();
  if (next) {
    next();
    return;
  }
  gate.active -= 1;
  if (gate.active === 0) gates.delete(key);
}

/** A guess let in but never settled (the process died mid-check) stops holding its place after this. */
const pendingLapseMs = 30_000;
/** How long a guess waits for its turn while others on the same key are being checked. */
const turnWaitMs = 10_000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** A moment sent as its ISO text (the statement casts it), so the same placeholder serves every comparison. */
const momentAt = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;
const free = sql`${sql.placeholder("free")}::int`;
/** The moments a guess is judged by, as placeholders (`momentValues` gives their values). */
const momentPlaceholders = {
  now: momentAt("nowText"),
  forgetBefore: momentAt("forgetBefore"),
  lapseBefore: momentAt("lapseBefore"),
};

/**
 * The counter's row as a guess finds it, in SQL over `momentPlaceholders`: whether it starts afresh
 * (left alone long enough, or, for `restart`, its block served), the wrong guesses and the guesses in
 * flight that still count, and whether one more may go ahead.
 */
function counterAsFound(afterBlock: TryRule["afterBlock"]) {
  const t = tryCounters;
  const moments = momentPlaceholders;
  const fresh = sql`(${t.updatedAt} <= ${moments.forgetBefore}${
    afterBlock === "restart" ? sql` or ${t.blockedUntil} <= ${moments.now}` : sql``
  })`;
  const failures = sql`(case when ${fresh} then 0 else ${t.failures} end)`;
  const pending = sql`(case when ${fresh} or ${t.updatedAt} <= ${moments.lapseBefore} then 0 else ${t.pending} end)`;
  // Past the free guesses (sign-in's growing waits), one guess at a time.
  const room = sql`(case when ${failures} < ${free} then ${free} - ${failures} else 1 end)`;
  /** A guess may go ahead: the key is not blocked, and one more in flight fits in the room. */
  const admits = sql`(${t.blockedUntil} is null or ${t.blockedUntil} <= ${moments.now}) and ${pending} < ${room}`;
  return { fresh, failures, pending, admits };
}

/**
 * When a key whose wrong guesses now number `failures` is blocked until: none below the free ones; the
 * block from the last free one on, for `grow` doubling with each wrong guess past them, up to the most.
 */
function blockEnd(
  now: SQL,
  failures: SQL,
  rule: { free: SQL; blockMs: SQL; growth: SQL; maxBlockMs: SQL },
  otherwise: SQL,
) {
  const blockMs = sql`least(${rule.blockMs}::float8 * power(${rule.growth}::float8, ${failures} - ${rule.free}), ${rule.maxBlockMs}::float8)`;
  return sql`case when ${failures} >= ${rule.free} then ${now} + ${blockMs} * interval '1 millisecond' else ${otherwise} end`;
}

const growthOf = (rule: TryRule) => (rule.afterBlock === "grow" ? 2 : 1);

/** The values of `momentPlaceholders` and `free` for a guess judged at `now`. */
function momentValues(now: Date, rule: TryRule) {
  return {
    nowText: now.toISOString(),
    forgetBefore: new Date(now.getTime() - rule.forgetAfterMs).toISOString(),
    lapseBefore: new Date(now.getTime() - pendingLapseMs).toISOString(),
    free: rule.free,
  };
}

/** `reserveTry`'s statement, prepared once for each way a block ends (every guess at a password sends it). */
const reserveStatement = (db: Queryable, afterBlock: TryRule["afterBlock"]) =>
  preparedOnce(db, `try_reserve_${afterBlock}`, (db, name) => {
    const t = tryCounters;
    const found = counterAsFound(afterBlock);
    return db
      .insert(t)
      .values({ key: sql.placeholder("key"), failures: 0, pending: 1, updatedAt: momentPlaceholders.now })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          failures: found.failures,
          pending: sql`${found.pending} + 1`,
          blockedUntil: sql`case when ${found.fresh} then null else ${t.blockedUntil} end`,
          updatedAt: momentPlaceholders.now,
        },
        setWhere: found.admits,
      })
      .returning({ key: t.key })
      .prepare(name);
  });

/**
 * Waits for the key to let a guess in: `attempt` is one statement that lets it in and answers a row,
 * or answers none when the key is blocked or full. Blocked: refused at once, with the block's end.
 * Full (other guesses being checked): tried again after a short pause, until `waitMs` has passed.
 */
async function admitted<Row>(
  db: Queryable,
  clock: Clock,
  key: string,
  waitMs: number,
  attempt: (now: Date) => Promise<Row | undefined>,
): Promise<{ ok: true; row: Row } | { ok: false; retryAt: Date }> {
  const waitUntil = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const now = clock.now();
    const row = await attempt(now);
    if (row) return { ok: true, row };
    const t = tryCounters;
    const [current] = await db.select({ blockedUntil: t.blockedUntil }).from(t).where(eq(t.key, key));
    if (current?.blockedUntil && current.blockedUntil > now)
      return { ok: false, retryAt: current.blockedUntil };
    if (Date.now() > waitUntil) return { ok: false, retryAt: new Date(now.getTime() + 1_000) };
    await new Promise((resolve) => setTimeout(resolve, pause + Math.random() * pause));
  }
}

/**
 * Lets a guess be checked, or refuses it while the key is blocked, in one statement: a guess is let in
 * only while the wrong ones so far plus those being checked stay within the free ones. Guesses beyond
 * that wait their turn (a customer's own simultaneous purchases all go through, a few at a time), so a
 * burst of 200 wrong guesses gets exactly the free ones checked and the rest refused once they fail.
 */
export async function reserveTry(
  db: Queryable,
  clock: Clock,
  key: string,
  rule: TryRule,
  waitMs = turnWaitMs,
): Promise<Reservation> {
  const answer = await admitted(db, clock, key, waitMs, async (now) => {
    const [row] = await reserveStatement(db, rule.afterBlock).execute({ key, ...momentValues(now, rule) });
    return row;
  });
  return answer.ok ? { ok: true } : answer;
}

/**
 * The statement of a guess judged before it is sent (`knownGuess`), unsent, so a larger statement can
 * send it as a step (the purchase sends it with its hold): lets the guess in as `reserveStatement`
 * would and counts it as `settleWrong` and `settleRight` would, at once, answering the count it left,
 * or no row when the key is blocked or full. Its values are `knownGuessValues`.
 */
export function knownGuessWrite(db: Queryable, afterBlock: TryRule["afterBlock"]) {
  const t = tryCounters;
  const now = momentPlaceholders.now;
  const found = counterAsFound(afterBlock);
  const right = sql`${sql.placeholder("right")}::boolean`;
  const rule = {
    free,
    blockMs: sql`${sql.placeholder("blockMs")}`,
    growth: sql`${sql.placeholder("growth")}`,
    maxBlockMs: sql`${sql.placeholder("maxBlockMs")}`,
  };
  const failuresAfter = sql`(${found.failures} + 1)`;
  return db
    .insert(t)
    .values({
      key: sql.placeholder("key"),
      failures: sql`case when ${right} then 0 else 1 end`,
      pending: 0,
      blockedUntil: sql`case when ${right} then null else ${blockEnd(now, sql`1`, rule, sql`null`)} end`,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${right} then 0 else ${failuresAfter} end`,
        pending: found.pending,
        blockedUntil: sql`case when ${right} then null else ${blockEnd(
          now,
          failuresAfter,
          rule,
          sql`case when ${found.fresh} then null else ${t.blockedUntil} end`,
        )} end`,
        updatedAt: now,
      },
      setWhere: found.admits,
    })
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
}

/** The placeholders' values of `knownGuessWrite` for a guess at `key` judged `right`, sent at `now`. */
export function knownGuessValues(key: string, rule: TryRule, right: boolean, now: Date) {
  return {
    key,
    right,
    blockMs: rule.blockMs,
    growth: growthOf(rule),
    maxBlockMs: rule.maxBlockMs,
    ...momentValues(now, rule),
  };
}

/** What a guess `knownGuessWrite` let in at `now` came to, from the count it answered. */
export function knownOutcome(
  rule: TryRule,
  right: boolean,
  row: { failures: number; blockedUntil: Date | null },
  now: Date,
): TryOutcome {
  if (right) return { result: "right" };
  const blockedUntil = row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
  return {
    result: "wrong",
    failures: row.failures,
    left: Math.max(0, rule.free - row.failures),
    blockedUntil,
  };
}

/**
 * A guess whose check is instant (a keyed hash), so it needs no place held while it is checked: the
 * caller checks it first and this lets it in and counts it by one statement, refusing it, counting
 * nothing, while the key is blocked or full. Guesses sent at once still get the free ones between
 * them, no more: each statement sees the count the one before it left.
 */
export async function knownGuess(
  db: Queryable,
  clock: Clock,
  key: string,
  rule: TryRule,
  right: boolean,
  waitMs = turnWaitMs,
): Promise<TryOutcome> {
  const statement = preparedOnce(db, `try_known_${rule.afterBlock}`, (db, name) =>
    knownGuessWrite(db, rule.afterBlock).prepare(name),
  );
  const answer = await admitted(db, clock, key, waitMs, async (now) => {
    const [row] = await statement.execute(knownGuessValues(key, rule, right, now));
    return row ? { row, now } : undefined;
  });
  if (!answer.ok) return { result: "refused", retryAt: answer.retryAt };
  return knownOutcome(rule, right, answer.row.row, answer.row.now);
}

/** A guess let in was wrong: counted, and the key blocked once the free ones are used. */
async function settleWrong(
  db: Queryable,
  clock: Clock,
  key: string,
  rule: TryRule,
): Promise<{ failures: number; left: number; blockedUntil: Date | null }> {
  const now = clock.now();
  const t = tryCounters;
  const failures = sql`(${t.failures} + 1)`;
  const [row] = await db
    .update(t)
    .set({
      failures,
      pending: sql`greatest(${t.pending} - 1, 0)`,
      blockedUntil: blockEnd(
        at(now),
        failures,
        {
          free: sql`${rule.free}`,
          blockMs: sql`${rule.blockMs}`,
          growth: sql`${growthOf(rule)}`,
          maxBlockMs: sql`${rule.maxBlockMs}`,
        },
        sql`${t.blockedUntil}`,
      ),
      updatedAt: now,
    })
    .where(eq(t.key, key))
    .returning({ failures: t.failures, blockedUntil: t.blockedUntil });
  // No row: the key was cleared while this guess was checked (a PIN set anew), so nothing counts against it.
  if (!row) return { failures: 0, left: rule.free, blockedUntil: null };
  const blockedUntil = row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
  return { failures: row.failures, left: Math.max(0, rule.free - row.failures), blockedUntil };
}

/**
 * A guess let in was right: the count starts again, unless the key was blocked while it was being
 * checked, in which case the right guess is refused too (answers false).
 */
async function settleRight(db: Queryable, clock: Clock, key: string): Promise<boolean> {
  const now = clock.now();
  const t = tryCounters;
  const [row] = await preparedOnce(db, "try_settle_right", (db, name) =>
    db
      .update(t)
      .set({
        failures: 0,
        pending: sql`greatest(${t.pending} - 1, 0)`,
        blockedUntil: null,
        updatedAt: momentAt("nowText"),
      })
      .where(
        and(
          eq(t.key, sql.placeholder("key")),
          or(sql`${t.blockedUntil} is null`, sql`${t.blockedUntil} <= ${momentAt("nowText")}`),
        ),
      )
      .returning({ key: t.key })
      .prepare(name),
  ).execute({ key, nowText: now.toISOString() });
  if (row) return true;
  const [blocked] = await db.select({ key: t.key }).from(t).where(eq(t.key, key));
  return !blocked; // gone (a PIN reset cleared it): nothing blocks the guess
}

/** A guess let in could not be checked (the check threw), or counts neither way: it gives its place back. */
async function releaseTry(db: Queryable, key: string): Promise<void> {
  await db
    .update(tryCounters)
    .set({ pending: sql`greatest(${tryCounters.pending} - 1, 0)` })
    .where(eq(tryCounters.key, key));
}

/** Starts a key again from nothing (a new code, a PIN set through the emailed code). */
export async function clearTries(db: Queryable, key: string): Promise<void> {
  await db.delete(tryCounters).where(eq(tryCounters.key, key));
}

/** Drops counters nobody has touched for a day and that block nothing (the background work calls it). */
export async function forgetIdleTries(db: Queryable, clock: Clock): Promise<number> {
  const now = clock.now();
  const gone = await db
    .delete(tryCounters)
    .where(
      and(
        lt(tryCounters.updatedAt, new Date(now.getTime() - 24 * 3_600_000)),
        or(sql`${tryCounters.blockedUntil} is null`, lt(tryCounters.blockedUntil, now)),
      ),
    )
    .returning({ key: tryCounters.key });
  return gone.length;
}
