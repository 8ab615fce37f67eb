import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { LevelSlug } from "../../schemas/levelSlugs";
import { ledgerTransactions, transactions, users, wallets } from "../../server/db/schema";
import { expectLedgerConsistent } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";

// Issue 27, item 1: a customer moves up a price level by paying its fee from the wallet. The server
// keeps sessions for a second (READ_CACHE_MS), as in production, so the new level must show at once.
let admin: { token: string };
const agentFee = naira(1_000);

const server = serverForFile({ READ_CACHE_MS: "1000" });
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});

const upgrade = (c: Customer, level: string, request_id: string = crypto.randomUUID(), pin = c.pin) =>
  server.send("POST /core/customer/level-upgrade", {
    token: c.token,
    body: { level: level as LevelSlug, pin, request_id },
  });

async function revenue(): Promise<number> {
  const result = (await server.db.execute(
    sql`select coalesce(sum(amount), 0)::bigint as total from ledger_entries where house_account = 'revenue'`,
  )) as unknown as { rows: Array<{ total: string | number }> };
  return Number(result.rows[0]?.total ?? 0);
}

/** What an upgrade may have changed: the level, the balance and the customer's upgrade transactions. */
async function state(c: Customer) {
  const [user] = await server.db.select().from(users).where(eq(users.id, c.id));
  const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, c.id));
  const upgrades = await server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, c.id), sql`${transactions.kind} = 'level_upgrade'`));
  return { level: user?.priceLevel, balance: wallet?.balance, upgrades: upgrades.length };
}

const profileLevel = async (c: Customer) =>
  (await server.sendOk("GET /auth/profile", { token: c.token })).level;

describe("a level upgrade", () => {
  it("charges the fee once into revenue, sets the level at once, and a replay charges nothing more", async () => {
    const c = await server.fundedCustomer(naira(3_000));
    expect(await profileLevel(c)).toBe("customer"); // the session is now held by this instance
    const revenueBefore = await revenue();
    const requestId = crypto.randomUUID();

    const paid = await upgrade(c, "agent", requestId);
    expect(paid.status).toBe(200);
    expect(paid.body.msg).toBe("You are now on the Agent level.");
    expect(paid.data?.level).toBe("agent");
    expect(paid.data?.transaction).toMatchObject({
      kind: "level_upgrade",
      status: "successful",
      amount: agentFee,
      total: agentFee,
      description: "Upgrade to Agent",
      balance_before: naira(3_000),
      balance_after: naira(2_000),
    });
    expect(await state(c)).toEqual({ level: "agent", balance: naira(2_000), upgrades: 1 });
    expect(await profileLevel(c)).toBe("agent");
    expect(await revenue()).toBe(revenueBefore + agentFee);
    const [posting] = await server.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.transactionId, paid.data?.transaction.id ?? ""));
    expect(posting?.kind).toBe("level_upgrade");
    await expectLedgerConsistent(server.db);

    // The same request again: the same answer, nothing charged.
    const replayed = await upgrade(c, "agent", requestId);
    expect(replayed.status).toBe(200);
    expect(replayed.data?.transaction.reference).toBe(paid.data?.transaction.reference);
    // The same id for something else: refused, nothing charged.
    const reused = await upgrade(c, "reseller", requestId);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe("request_id_reused");
    expect(await state(c)).toEqual({ level: "agent", balance: naira(2_000), upgrades: 1 });
    expect(await revenue()).toBe(revenueBefore + agentFee);

    // The customer's history, the levels read and the audit log all say so.
    const history = await server.sendOk("GET /core/customer/transactions", {
      token: c.token,
      query: { kind: "level_upgrade" },
    });
    expect(history.results.map((t) => t.description)).toEqual(["Upgrade to Agent"]);
    const levels = await server.sendOk("GET /core/customer/levels", { token: c.token });
    expect(levels.filter((l) => l.current).map((l) => l.slug)).toEqual(["agent"]);
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "level.upgrade" },
    });
    const entry = audit.results.find((e) => e.target.id === c.id);
    expect(entry?.actor?.email).toBe(c.email);
    expect(entry?.before).toMatchObject({ level: "customer", balance: naira(3_000) });
    expect(entry?.after).toMatchObject({ level: "agent", balance: naira(2_000) });
  });

  it("goes on up from a level already bought, paying the higher level's whole fee", async () => {
    const c = await server.fundedCustomer(naira(7_000));
    expect((await upgrade(c, "agent")).status).toBe(200);
    const reseller = await upgrade(c, "reseller");
    expect(reseller.data?.transaction.total).toBe(naira(5_000));
    expect(await state(c)).toEqual({ level: "reseller", balance: naira(1_000), upgrades: 2 });
  });

  it("refuses a wrong PIN, a short balance and a level not above the customer's, writing nothing", async () => {
    const c = await server.fundedCustomer(naira(500));
    const before = await state(c);
    const revenueBefore = await revenue();
    const requestId = crypto.randomUUID();

    const wrongPin = await upgrade(c, "agent", requestId, "9999");
    expect(wrongPin.status).toBe(400);
    expect(wrongPin.body).toMatchObject({
      code: "wrong_pin",
      msg: "Incorrect PIN. You have 4 attempts left.",
    });
    expect(wrongPin.body.fields).toHaveProperty("pin");

    const short = await upgrade(c, "agent", requestId);
    expect(short.status).toBe(400);
    expect(short.body.code).toBe("insufficient_funds");
    expect(short.body.msg).toBe(
      "Insufficient balance: this costs ₦1,000.00 and your wallet has ₦500.00. Fund your wallet and try again.",
    );

    const same = await upgrade(c, "customer");
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ code: "not_allowed", msg: "You are already on the Customer level." });
    expect(same.body.fields).toHaveProperty("level");
    expect(await state(c)).toEqual(before);
    expect(await revenue()).toBe(revenueBefore);

    const agent = await server.fundedCustomer(naira(2_000));
    expect((await upgrade(agent, "agent")).status).toBe(200);
    const down = await upgrade(agent, "customer");
    expect(down.status).toBe(400);
    expect(down.body.msg).toBe("You are on the Agent level, above Customer: a level can only be upgraded.");
    expect((await state(agent)).level).toBe("agent");
    await expectLedgerConsistent(server.db);
  });

  it("is stopped by emergency mode, as every sale is, and charges nothing", async () => {
    const c = await server.fundedCustomer(naira(2_000));
    const emergency = (body: { enabled: boolean; message?: string }) =>
      server.sendOk("POST /sys.admin/emergency-mode", { token: admin.token, body });
    await emergency({ enabled: true, message: "Provider outage. Back at 6pm." });
    try {
      const paused = await upgrade(c, "agent");
      expect(paused.status).toBe(503);
      expect(paused.body.msg).toBe("Provider outage. Back at 6pm.");
    } finally {
      await emergency({ enabled: false });
    }
    expect(await state(c)).toEqual({ level: "customer", balance: naira(2_000), upgrades: 0 });
  });

  it("answers 400 with msg and fields to a body that breaks the schema", async () => {
    const c = await server.fundedCustomer(naira(2_000));
    const cases: Array<[unknown, string]> = [
      [{ level: "gold", pin: c.pin, request_id: crypto.randomUUID() }, "level"],
      [{ level: "agent", pin: c.pin }, "request_id"],
      [{ level: "agent", pin: c.pin, request_id: "not-a-uuid" }, "request_id"],
      [{ level: "agent", pin: 1357, request_id: crypto.randomUUID() }, "pin"],
      [{ level: 2, pin: c.pin, request_id: crypto.randomUUID() }, "level"],
      [{ pin: c.pin, request_id: crypto.randomUUID() }, "level"],
    ];
    for (const [body, field] of cases) {
      const res = await server.post("core/customer/level-upgrade/", body, c.token);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toEqual(expect.any(String));
      expect(Object.keys(res.body.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await state(c)).toEqual({ level: "customer", balance: naira(2_000), upgrades: 0 });
  });

  it("charges once however many upgrades are sent at once", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const answers = await Promise.all(Array.from({ length: 12 }, () => upgrade(c, "agent")));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.code))).toEqual(
      new Set(["not_allowed"]),
    );
    expect(await state(c)).toEqual({ level: "agent", balance: naira(19_000), upgrades: 1 });
    await expectLedgerConsistent(server.db);
  });

  it("of a free level writes a ₦0 transaction, moves no money and still answers a replay", async () => {
    await server.sendOk("PATCH /sys.admin/levels/:slug", {
      token: admin.token,
      params: { slug: "agent" },
      body: { upgrade_fee: 0 },
    });
    try {
      const c = await server.fundedCustomer(0);
      const requestId = crypto.randomUUID();
      const free = await upgrade(c, "agent", requestId);
      expect(free.status).toBe(200);
      expect(free.data?.transaction).toMatchObject({ total: 0, balance_before: 0, balance_after: 0 });
      const postings = await server.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.transactionId, free.data?.transaction.id ?? ""));
      expect(postings).toEqual([]);
      expect((await upgrade(c, "agent", requestId)).data?.transaction.id).toBe(free.data?.transaction.id);
      expect(await state(c)).toEqual({ level: "agent", balance: 0, upgrades: 1 });
    } finally {
      await server.sendOk("PATCH /sys.admin/levels/:slug", {
        token: admin.token,
        params: { slug: "agent" },
        body: { upgrade_fee: agentFee },
      });
    }
  });
});

describe("the levels a customer reads", () => {
  it("are every level, lowest first, with discounts in percent, fees, API access and their own marked", async () => {
    const c = await server.fundedCustomer(0);
    const levels = await server.sendOk("GET /core/customer/levels", { token: c.token });
    expect(levels.map((l) => [l.slug, l.upgrade_fee, l.api_access, l.current])).toEqual([
      ["customer", 0, false, true],
      ["agent", agentFee, false, false],
      ["reseller", naira(5_000), true, false],
      ["api", naira(10_000), true, false],
    ]);
    expect(levels[1]?.discounts).toEqual({
      airtime: 0.25,
      data_sme: 1,
      data_corporate_gifting: 1,
      data_gifting: 1,
      data_direct: 1,
      tv: 0.1,
      electricity: 0.01,
      // No level has an exam PIN discount until an admin sets one (migration 0026).
      exam_pin: 0,
      // Nor a recharge card discount (migration 0027).
      recharge_pin: 0,
    });
    const staff = await server.signedInOperator("staff");
    expect((await server.send("GET /core/customer/levels", { token: staff.token })).status).toBe(403);
  });
});
