import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatNaira } from "../../schemas/money";
import { maxSchedules, type ScheduleCreateBody } from "../../schemas/schedules";
import {
  dataPlans,
  idempotencyKeys,
  scheduleRuns,
  schedules,
  transactions,
  tvPlans,
} from "../../server/db/schema";
import { addDays, lagosDay, lagosDayStart, nextRunAfter } from "../../server/lagosCalendar";
import { placeDueRuns } from "../../server/services/schedules/schedulePlacing";
import { walletBalance } from "./support/ledgerInvariants";
import { whileTimeMoves } from "./support/movingClock";
import { type Customer, naira, serverForFile } from "./support/serverForFile";
import { countStatements } from "./support/statementCounter";

/**
 * Scheduled purchases through the customer API, bought from VTpass's simulator over HTTP. The test
 * clock starts on Monday 2 March 2026, 10:00 in Lagos; the tests move it and run the background
 * worker's step (`placeDueRuns`) themselves, as the running app's pump would.
 */
const server = serverForFile({ PROVIDERS: "vtpass" });

const dayMs = 86_400_000;
let phones = 0;
/** A fresh MTN number; VTpass's simulator delivers those ending 5678. */
const phone = () => `080${String(5_000 + ++phones)}5678`;

const airtimeBody = (c: Customer, over: Partial<Record<string, unknown>> = {}) =>
  ({
    kind: "airtime",
    network_id: 1,
    phone: phone(),
    amount: naira(100),
    every: "day",
    at: "07:00",
    pin: c.pin,
    ...over,
  }) as ScheduleCreateBody;

/** A session signed in now: the tests move the clock by days, past any session's life. */
const signedIn = async (c: Customer) => ({ ...c, token: await server.login(c.email, c.password) });
const create = async (c: Customer, body: unknown) =>
  server.send("POST /core/customer/schedules", {
    token: (await signedIn(c)).token,
    body: body as ScheduleCreateBody,
  });
const read = async (c: Customer, id: string) =>
  server.sendOk("GET /core/customer/schedules/:id", { token: (await signedIn(c)).token, params: { id } });
const remove = async (c: Customer, id: string) =>
  server.sendOk("DELETE /core/customer/schedules/:id", { token: (await signedIn(c)).token, params: { id } });
const runDue = () => placeDueRuns(server.deps);

/** The purchases a schedule made, oldest first. */
async function purchasesOf(scheduleId: string) {
  const runs = await server.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, scheduleId));
  const ids = runs.flatMap((r) => (r.transactionId ? [r.transactionId] : []));
  if (ids.length === 0) return [];
  return server.db.select().from(transactions).where(inArray(transactions.id, ids));
}

let customer: Customer;
beforeAll(async () => {
  customer = await server.fundedCustomer(naira(20_000));
});

describe("making a schedule", () => {
  it("answers the next five runs in Lagos time, and checks the PIN once", async () => {
    const made = await create(customer, airtimeBody(customer));
    expect(made.status).toBe(201);
    expect(made.data).toMatchObject({
      kind: "airtime",
      status: "active",
      description: expect.stringContaining("MTN airtime for"),
      next_runs: [
        "2026-03-03T07:00:00.000+01:00",
        "2026-03-04T07:00:00.000+01:00",
        "2026-03-05T07:00:00.000+01:00",
        "2026-03-06T07:00:00.000+01:00",
        "2026-03-07T07:00:00.000+01:00",
      ],
    });
    const weekly = await create(customer, airtimeBody(customer, { every: "week", day: 1, at: "09:30" }));
    expect(weekly.data?.next_runs.slice(0, 2)).toEqual([
      "2026-03-09T09:30:00.000+01:00",
      "2026-03-16T09:30:00.000+01:00",
    ]);
    const monthly = await create(customer, airtimeBody(customer, { every: "month", day: 31, at: "18:00" }));
    expect(monthly.data?.next_runs).toEqual([
      "2026-03-31T18:00:00.000+01:00",
      "2026-04-30T18:00:00.000+01:00",
      "2026-05-31T18:00:00.000+01:00",
      "2026-06-30T18:00:00.000+01:00",
      "2026-07-31T18:00:00.000+01:00",
    ]);
    for (const id of [made.data?.id, weekly.data?.id, monthly.data?.id])
      await server.sendOk("DELETE /core/customer/schedules/:id", {
        token: customer.token,
        params: { id: id as string },
      });
  });

  it("refuses bad input with the field that is wrong, before the PIN", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ phone: "12345" }, "phone", "Enter a Nigerian mobile number, like 08031234567."],
      [{ at: "25:00" }, "at", "Enter a time as HH:MM, like 07:30."],
      [{ every: "year" }, "every", "Choose daily, weekly or monthly."],
      [{ every: "week" }, "day", "Choose a weekday, 1 (Monday) to 7 (Sunday)."],
      [{ every: "week", day: 8 }, "day", "Choose a weekday, 1 (Monday) to 7 (Sunday)."],
      [{ every: "month", day: 32 }, "day", "Choose a day."],
      [{ every: "day", day: 3 }, "day", "A daily purchase has no day: leave it out."],
      [{ network_id: 9 }, "network_id", "Choose a network."],
      [{ amount: naira(10) }, "amount", "MTN airtime is from ₦50 to ₦50,000."],
      [{ pin: "12" }, "pin", "PIN must be exactly 4 digits."],
    ];
    for (const [over, field, msg] of cases) {
      const refused = await create(customer, { ...airtimeBody(customer, over), pin: over.pin ?? "0000" });
      expect(refused.status, JSON.stringify(over)).toBe(400);
      expect(refused.body.fields?.[field], JSON.stringify(refused.body)).toEqual([msg]);
    }
    const stray = await create(customer, { ...airtimeBody(customer), extra: 1 });
    expect(stray.status).toBe(400);
    const plan = await create(customer, {
      kind: "data",
      plan_id: 999_999,
      phone: phone(),
      every: "day",
      at: "07:00",
      pin: customer.pin,
    });
    expect(plan.status).toBe(400);
    expect(plan.body.fields?.plan_id).toBeDefined();
    // None of these reached the PIN: a right one still goes, no tries used.
    const list = await server.sendOk("GET /core/customer/schedules", { token: customer.token });
    expect(list.count).toBe(0);
  });

  it("refuses a wrong PIN, counting it as a purchase's, and makes nothing", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const wrong = await create(c, airtimeBody(c, { pin: "0000" }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("wrong_pin");
    expect(wrong.body.msg).toMatch(/4 attempts left/);
    const list = await server.sendOk("GET /core/customer/schedules", { token: (await signedIn(c)).token });
    expect(list.count).toBe(0);
  });
});

describe("the cap", () => {
  it(`stops at ${maxSchedules} a customer, even when many are made at once`, async () => {
    const c = await signedIn(await server.fundedCustomer(naira(1_000)));
    const answers = await Promise.all(
      Array.from({ length: maxSchedules + 10 }, () =>
        server.send("POST /core/customer/schedules", { token: c.token, body: airtimeBody(c) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(maxSchedules);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => a.body.code)).toEqual(Array(10).fill("limit_reached"));
    expect(refused[0]?.body.msg).toBe(
      `You have ${maxSchedules} schedules, the most one account may keep. Delete one to add another.`,
    );
    const kept = await server.db.select().from(schedules).where(eq(schedules.userId, c.id));
    expect(kept).toHaveLength(maxSchedules);
    // Another customer's count is their own.
    const other = await server.fundedCustomer(naira(1_000));
    expect((await create(other, airtimeBody(other))).status).toBe(201);
  });
});

describe("a month of runs", () => {
  it("buys once a period across a simulated month, whoever runs it how often, never from now", async () => {
    const c = await server.fundedCustomer(naira(10_000));
    const made = await create(c, airtimeBody(c));
    const id = made.data?.id as string;
    expect(await runDue()).toBe(0);
    for (let day = 0; day < 30; day++) {
      server.clock.advance(dayMs);
      await runDue();
      // Run again at once, as a second tick or another instance would: nothing more is due.
      await runDue();
    }
    const bought = await purchasesOf(id);
    expect(bought).toHaveLength(30);
    expect(bought.every((t) => t.status === "successful" && t.kind === "airtime")).toBe(true);
    const detail = await read(c, id);
    expect(detail.runs).toHaveLength(10);
    expect(detail.runs[0]).toMatchObject({ period: "2026-04-01T07:00:00.000+01:00", status: "successful" });
    // The clock is 10:00; the next run is tomorrow's 07:00 whatever time the last one was placed.
    expect(detail.next_runs[0]).toBe("2026-04-02T07:00:00.000+01:00");
    expect(await walletBalance(server.db, c.id)).toBe(naira(10_000) - 30 * naira(98));

    // Every instance down for three days: the latest missed period alone is bought.
    server.clock.advance(3 * dayMs);
    await runDue();
    const after = await purchasesOf(id);
    expect(after).toHaveLength(31);
    expect((await read(c, id)).runs[0]?.period).toBe("2026-04-04T07:00:00.000+01:00");
    await remove(c, id);
  });

  it("skips a run the wallet cannot pay, tells the customer, and pauses after three in a row", async () => {
    const c = await server.fundedCustomer(naira(250));
    const id = (await create(c, airtimeBody(c))).data?.id as string;
    for (let day = 0; day < 5; day++) {
      server.clock.advance(dayMs);
      await runDue();
    }
    const detail = await read(c, id);
    expect(detail.runs.map((r) => r.status)).toEqual([
      "skipped",
      "skipped",
      "skipped",
      "successful",
      "successful",
    ]);
    expect(detail.runs[0]?.msg).toMatch(/wallet|balance|fund/i);
    expect(detail).toMatchObject({
      status: "paused",
      paused_reason: "Skipped 3 times in a row.",
      next_runs: [],
    });
    // Paused, it runs no more.
    server.clock.advance(dayMs);
    await runDue();
    expect((await read(c, id)).runs).toHaveLength(5);
    const notices = await server.sendOk("GET /core/customer/notifications", {
      token: (await signedIn(c)).token,
    });
    const titles = notices.results.map((n) => n.title);
    expect(titles.filter((t) => t === "Scheduled purchase skipped")).toHaveLength(2);
    expect(titles.filter((t) => t === "Scheduled purchase paused")).toHaveLength(1);
    await server.deps.outbox.sendDue();
    const mails = server.mailbox.sent.filter((m) => m.to === c.email && /Scheduled purchase/.test(m.subject));
    expect(mails).toHaveLength(3);
    expect(mails.at(-1)?.text).toMatch(/paused now/);
    expect(await walletBalance(server.db, c.id)).toBe(naira(250) - 2 * naira(98));

    // Funded and resumed: the next run is the first after now, the skips counted afresh.
    await server.fund(c.id, naira(1_000));
    const resumed = await server.sendOk("PATCH /core/customer/schedules/:id", {
      token: (await signedIn(c)).token,
      params: { id },
      body: { action: "resume" },
    });
    expect(resumed).toMatchObject({ status: "active", skips_in_row: 0, paused_reason: null });
    server.clock.advance(dayMs);
    await runDue();
    expect((await read(c, id)).runs[0]?.status).toBe("successful");
    await remove(c, id);
  });

  it("skips a run while sales are paused, with the admin's words, charging nothing", async () => {
    const pause = async (enabled: boolean) =>
      server.sendOk("POST /sys.admin/emergency-mode", {
        token: (await server.signedInOperator("admin")).token,
        body: enabled ? { enabled, message: "Provider outage. Back at 6pm." } : { enabled },
      });
    const c = await server.fundedCustomer(naira(1_000));
    const id = (await create(c, airtimeBody(c))).data?.id as string;
    await pause(true);
    try {
      server.clock.advance(dayMs);
      await runDue();
    } finally {
      await pause(false);
    }
    const detail = await read(c, id);
    expect(detail.runs).toEqual([
      expect.objectContaining({
        status: "skipped",
        msg: "Provider outage. Back at 6pm.",
        transaction_id: null,
      }),
    ]);
    expect(detail.skips_in_row).toBe(1);
    expect(await walletBalance(server.db, c.id)).toBe(naira(1_000));
    await remove(c, id);
  });
});

describe("a product gone", () => {
  it("skips a data run whose plan was switched off, and buys it again once it is back", async () => {
    const c = await server.fundedCustomer(naira(5_000));
    const plans = await server.sendOk("GET /core/customer/fetch/data/:id", {
      token: (await signedIn(c)).token,
      params: { id: 1 },
    });
    const plan = plans[0];
    if (!plan) throw new Error("no data plan");
    const made = await create(c, {
      kind: "data",
      plan_id: plan.id,
      phone: phone(),
      every: "day",
      at: "07:00",
      pin: c.pin,
    });
    expect(made.data?.description).toMatch(/^MTN .+ data for 080/);
    const id = made.data?.id as string;
    await server.db.update(dataPlans).set({ enabled: false }).where(eq(dataPlans.id, plan.id));
    try {
      server.clock.advance(dayMs);
      await runDue();
    } finally {
      await server.db.update(dataPlans).set({ enabled: true }).where(eq(dataPlans.id, plan.id));
    }
    server.clock.advance(dayMs);
    await runDue();
    const runs = (await read(c, id)).runs;
    expect(runs.map((r) => r.status)).toEqual(["successful", "skipped"]);
    expect(runs[1]?.msg).toMatch(/^The .+ plan is not available right now\.$/);
    expect((await read(c, id)).skips_in_row).toBe(0);
    await remove(c, id);
  });
});

describe("pausing, resuming, deleting", () => {
  it("pauses and resumes a schedule, deletes it keeping its runs, and hides it from anyone else", async () => {
    const c = await server.fundedCustomer(naira(1_000));
    const id = (await create(c, airtimeBody(c))).data?.id as string;
    const change = async (who: Customer, action: "pause" | "resume") =>
      server.send("PATCH /core/customer/schedules/:id", {
        token: (await signedIn(who)).token,
        params: { id },
        body: { action },
      });
    expect((await change(c, "pause")).data).toMatchObject({ status: "paused", next_runs: [] });
    server.clock.advance(dayMs);
    await runDue();
    expect((await read(c, id)).runs).toHaveLength(0);
    const resumedNow = await change(c, "resume");
    expect(resumedNow.data?.status, JSON.stringify(resumedNow.body)).toBe("active");
    server.clock.advance(dayMs);
    await runDue();
    expect((await read(c, id)).runs).toHaveLength(1);

    const other = await server.fundedCustomer(naira(100));
    expect(
      (
        await server.send("GET /core/customer/schedules/:id", {
          token: (await signedIn(other)).token,
          params: { id },
        })
      ).status,
    ).toBe(404);
    expect((await change(other, "pause")).status).toBe(404);
    expect(
      (
        await server.send("DELETE /core/customer/schedules/:id", {
          token: (await signedIn(other)).token,
          params: { id },
        })
      ).status,
    ).toBe(404);
    const bad = await server.send("PATCH /core/customer/schedules/:id", {
      token: (await signedIn(c)).token,
      params: { id },
      body: { action: "stop" } as never,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.action).toEqual(["Choose pause or resume."]);

    const gone = await server.sendOk("DELETE /core/customer/schedules/:id", {
      token: (await signedIn(c)).token,
      params: { id },
    });
    expect(gone.status).toBe("deleted");
    expect(
      (
        await server.send("GET /core/customer/schedules/:id", {
          token: (await signedIn(c)).token,
          params: { id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await server.sendOk("GET /core/customer/schedules", { token: (await signedIn(c)).token })).count,
    ).toBe(0);
    server.clock.advance(dayMs);
    await runDue();
    const kept = await server.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, id));
    expect(kept).toHaveLength(1);
  });
});

describe("two instances", () => {
  it("claim the same due runs at once and buy each period once", async () => {
    const buyers = await Promise.all(Array.from({ length: 3 }, () => server.fundedCustomer(naira(5_000))));
    const ids: string[] = [];
    for (const c of buyers)
      for (let i = 0; i < 2; i++) ids.push((await create(c, airtimeBody(c))).data?.id as string);
    const second = { ...server.deps, instance: await server.announceInstance() };
    for (let day = 0; day < 3; day++) {
      server.clock.advance(dayMs);
      await Promise.all([placeDueRuns(server.deps, 2), placeDueRuns(second, 2), placeDueRuns(second, 1)]);
    }
    for (const id of ids) {
      const bought = await purchasesOf(id);
      expect(bought).toHaveLength(3);
      const keys = await server.db
        .select()
        .from(idempotencyKeys)
        .where(
          and(
            inArray(
              idempotencyKeys.transactionId,
              bought.map((t) => t.id),
            ),
          ),
        );
      expect(new Set(keys.map((k) => k.requestId)).size).toBe(3);
    }
    const rows = await server.db.select().from(schedules).where(inArray(schedules.id, ids));
    expect(rows.every((r) => r.claimedBy === null && r.nextRunAt > server.clock.now())).toBe(true);
    const all = await server.db
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.userId,
          buyers.map((b) => b.id),
        ),
      );
    expect(all.filter((t) => t.kind === "airtime")).toHaveLength(ids.length * 3);
  });
});

describe("a TV renewal", () => {
  /** The simulator's smartcards fall due 1 to 28 days from now: one due within a week, as verified. */
  async function cardDueThisWeek(c: Customer) {
    const weekAhead = addDays(lagosDay(server.clock.now()), 6);
    for (let n = 0; n < 200; n++) {
      const card = `70234${String(56_000 + n)}`;
      const found = await server.sendOk("POST /core/customer/tv", {
        token: (await signedIn(c)).token,
        body: { action: "verify", provider_id: 1, smartcard: card },
      });
      if (!("id" in found) && found.due_date && found.due_date <= weekAhead)
        return { smartcard: card, due: found.due_date, found };
    }
    throw new Error("no smartcard due within a week");
  }

  it("renews the smartcard's bouquet days before its due date, checked with the provider again", async () => {
    const c = await server.fundedCustomer(naira(60_000));
    const { smartcard, due } = await cardDueThisWeek(c);
    const made = await create(c, {
      kind: "tv_renewal",
      provider_id: 1,
      smartcard,
      days_before: 7,
      pin: c.pin,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.data).toMatchObject({
      kind: "tv_renewal",
      due_date: due,
      verified_name: expect.stringMatching(/^[A-Z]+ [A-Z]+$/),
      every: null,
      days_before: 7,
    });
    // Due within the week already: its run is now.
    expect(made.data?.next_runs).toHaveLength(1);
    await runDue();
    const detail = await read(c, made.data?.id as string);
    expect(detail.runs).toHaveLength(1);
    expect(detail.runs[0]?.status, JSON.stringify(detail.runs)).toBe("successful");
    const [bought] = await purchasesOf(detail.id);
    expect(bought).toMatchObject({ kind: "tv", recipient: smartcard });
    expect(bought?.description).toMatch(/renewal for smartcard/);
    // The next renewal waits for next month's due date, a week before it.
    expect(detail.due_date).toBe(
      lagosDay(nextRunAfter({ every: "month", day: Number(due.slice(8)), at: "00:00" }, lagosDayStart(due))),
    );
    await runDue();
    expect((await read(c, detail.id)).runs).toHaveLength(1);

    const wrong = await create(c, {
      kind: "tv_renewal",
      provider_id: 1,
      smartcard,
      days_before: 9,
      pin: c.pin,
    });
    expect(wrong.body.fields?.days_before).toEqual(["Renew 1 to 7 days before the due date."]);
    await remove(c, detail.id);
  });

  it("renews a smartcard lapsed for months once, and waits for a due date whose run is ahead", async () => {
    const c = await server.fundedCustomer(naira(200_000));
    const { smartcard } = await cardDueThisWeek(c);
    const made = await create(c, {
      kind: "tv_renewal",
      provider_id: 1,
      smartcard,
      days_before: 7,
      pin: c.pin,
    });
    const id = made.data?.id as string;
    // The card's due date as last read three months gone: a month on from it is still past.
    const lapsed = addDays(lagosDay(server.clock.now()), -92);
    await server.db.update(schedules).set({ dueDate: lapsed }).where(eq(schedules.id, id));
    // Time moves between readings, as on a real server: a run set for "now" would be a new period.
    await whileTimeMoves(server.clock, 100, () => runDue());
    expect(await purchasesOf(id)).toHaveLength(1);
    const detail = await read(c, id);
    expect(detail.runs.map((r) => r.status)).toEqual(["successful"]);
    expect(Date.parse(detail.next_runs[0] ?? "")).toBeGreaterThan(server.clock.now().getTime());
    expect(detail.due_date?.slice(8)).toBe(lapsed.slice(8));
    await remove(c, id);
  });

  it("refuses a renewal at a bouquet whose price is not the card's renewal price, as its purchase would", async () => {
    const c = await server.fundedCustomer(naira(60_000));
    const { smartcard, found } = await cardDueThisWeek(c);
    if (!("renewal_amount" in found)) throw new Error("the simulator gives a renewal price");
    const plans = await server.db.select().from(tvPlans).where(eq(tvPlans.providerId, 1));
    const other = plans.find((p) => p.enabled && p.price !== found.renewal_amount);
    if (!other) throw new Error("no bouquet at another price");
    const refused = await create(c, {
      kind: "tv_renewal",
      provider_id: 1,
      smartcard,
      plan_id: other.id,
      days_before: 3,
      pin: c.pin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.plan_id).toEqual([
      `Renewing this smartcard costs ${formatNaira(found.renewal_amount ?? 0)}, not the price of the bouquet you chose. Choose its bouquet.`,
    ]);
    const list = await server.sendOk("GET /core/customer/schedules", { token: (await signedIn(c)).token });
    expect(list.count).toBe(0);
  });

  it("places a due renewal with the smartcard's check and its purchase's statements, checked once", async () => {
    const c = await server.fundedCustomer(naira(60_000));
    const { smartcard } = await cardDueThisWeek(c);
    const made = await create(c, {
      kind: "tv_renewal",
      provider_id: 1,
      smartcard,
      days_before: 7,
      pin: c.pin,
    });
    const id = made.data?.id as string;
    const { result, count, statements } = await countStatements(server.db, () => runDue());
    if (process.env.SHOW_STATEMENTS) console.log(count, statements.join("\n"));
    expect(result).toBe(1);
    expect((await purchasesOf(id)).map((t) => t.status)).toEqual(["successful"]);
    // The claim, the account and the period's earlier purchase (3), the smartcard's check (4), the
    // purchase's own (6), the run recorded (4) and the empty claim that ends the pass (1): the order is
    // checked by the purchase alone, not by the schedule's check first as well (6 more, a day's spending among them).
    expect(count).toBeLessThanOrEqual(18);
    await remove(c, id);
  });
});
