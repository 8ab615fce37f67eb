import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectBalancesMatchTransactions, walletBalance } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";
import { createTestServer } from "./support/testServer";

let admin: { id: string; token: string; email: string };
// A mail server "is set up", so notifications also go by email (to the test mailbox).
const server = serverForFile({ SMTP_URL: "smtp://mail.example.com", PROVIDER_TIMEOUT_MS: "10000" });
beforeAll(async () => {
  admin = await server.signedInOperator("admin");
});
afterAll(async () => {
  await expectBalancesMatchTransactions(server.db);
});

const buy = (c: { token: string; pin: string }, phone: string, amount: number) =>
  server.buyAirtime(c, phone, amount, { allow_duplicate: true });

describe("figures", () => {
  it("counts today's and all-time purchases, volume, revenue and what is pending", async () => {
    const fresh = await createTestServer();
    try {
      const c = await fresh.fundedCustomer(2_000_000);
      const purchase = (phone: string, amount: number) =>
        fresh.buyAirtime(c, phone, amount, { allow_duplicate: true });
      await purchase("08031234567", 100_000); // ₦980 paid, cost ₦970: ₦10 revenue
      await purchase("08031234567", 200_000); // ₦1,960, cost ₦1,940: ₦20
      await purchase("08030000000", 100_000); // failed: no volume, no revenue
      await purchase("08031111111", 100_000); // pending
      const operator = await fresh.signedInOperator("admin");
      const stats = await fresh.sendOk("GET /core/staff/statistics", { token: operator.token });
      expect(stats.today).toEqual({ count: 2, volume: 294_000, refunds: 0, cost: 291_000, revenue: 3_000 });
      expect(stats.all_time).toEqual(stats.today);
      expect(stats.pending_count).toBe(1);
      expect(stats.by_service.find((s) => s.kind === "airtime")).toEqual({
        kind: "airtime",
        count: 2,
        volume: 294_000,
        refunds: 0,
        cost: 291_000,
        revenue: 3_000,
      });
      expect(stats.by_service.find((s) => s.kind === "tv")).toEqual({
        kind: "tv",
        count: 0,
        volume: 0,
        refunds: 0,
        cost: 0,
        revenue: 0,
      });

      const dashboard = await fresh.sendOk("GET /sys.admin/dashboard", { token: operator.token });
      expect(dashboard.daily).toHaveLength(30);
      expect(dashboard.daily.at(-1)).toMatchObject({ count: 2, volume: 294_000, revenue: 3_000 });
      expect(dashboard.daily.slice(0, -1).every((d) => d.count === 0)).toBe(true);
      expect(dashboard.customers).toEqual({ total: 1, joined_today: 1 });

      // A refund costs what the provider kept; the purchase stays counted, its refund shown apart.
      const list = await fresh.sendOk("GET /staff/transaction/airtime", {
        token: operator.token,
        query: { status: "successful" },
      });
      const larger = list.results.find((t) => t.amount === 200_000);
      if (!larger) throw new Error("the ₦2,000 purchase is not listed as successful");
      await fresh.send("POST /core/staff/transaction/:id/refund", {
        token: operator.token,
        params: { id: larger.id },
        body: { reason: "goodwill" },
      });
      const revenue = await fresh.sendOk("GET /sys.admin/revenue", { token: operator.token });
      expect(revenue.revenue).toBe(1_000 - 194_000);
      expect(revenue.days).toHaveLength(30);
      expect(revenue.by_service.find((s) => s.kind === "airtime")).toMatchObject({
        count: 2,
        volume: 294_000,
        refunds: 196_000,
      });

      fresh.clock.advance(86_400_000);
      const tomorrow = await fresh.sendOk("GET /core/staff/statistics", {
        token: (await fresh.signedInOperator("staff")).token,
      });
      expect(tomorrow.today.count).toBe(0);
      expect(tomorrow.all_time.count).toBe(2);
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ["?from=2026-03-10&to=2026-03-01", "from", "The first day must not be after the last."],
    ["?from=2024-01-01&to=2026-03-01", "to", "Ask for at most a year at a time."],
    ["?from=yesterday", "from", "Write the day as YYYY-MM-DD."],
    // A lone day is judged with the other one filled in: today, or 30 days before.
    ["?from=2001-01-01", "from", "Ask for at most a year at a time."],
    ["?from=1999-12-01&to=2000-01-31", "from", "Choose a day from 2000-01-01 to 2100-12-31."],
    ["?to=0001-01-31", "to", "Choose a day from 2000-01-01 to 2100-12-31."],
    ["?from=2100-12-01&to=9999-12-31", "to", "Choose a day from 2000-01-01 to 2100-12-31."],
  ])("refuses the revenue range %s", async (query, field, message) => {
    const answer = await server.get(`sys.admin/revenue/${query}`, admin.token);
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.fields ?? {})).toEqual([field]);
    expect(answer.body.fields?.[field]).toEqual([message]);
  });

  it("reports the last days a report can name, ending on 2100-12-31", async () => {
    const report = await server.sendOk("GET /sys.admin/revenue", {
      token: admin.token,
      query: { to: "2100-12-31" },
    });
    expect(report.days).toHaveLength(30);
    expect(report.days.at(-1)?.date).toBe("2100-12-31");
  });

  it("reports a chosen range by day", async () => {
    const report = await server.sendOk("GET /sys.admin/revenue", {
      token: admin.token,
      query: { from: "2026-02-25", to: "2026-03-02" },
    });
    expect(report.days.map((d) => d.date)).toEqual([
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
});

describe("emergency mode", () => {
  it("stops purchases and funding with the admin's words, says so, and is audited; then resumes", async () => {
    const c = await server.fundedCustomer(500_000);
    const off = await server.send("GET /sys.admin/emergency-mode", { token: admin.token });
    expect(off.body).toMatchObject({
      msg: "Emergency mode is OFF",
      data: { enabled: false, message: "", updated_by: null },
    });

    const on = await server.send("POST /sys.admin/emergency-mode", {
      token: admin.token,
      body: { enabled: true, message: "Provider outage. Back at 6pm." },
    });
    expect(on.body).toMatchObject({
      msg: "Emergency mode is ON",
      data: { enabled: true, message: "Provider outage. Back at 6pm.", updated_by: { email: admin.email } },
    });
    expect((await server.send("GET /status")).body.data).toEqual({
      emergency: { enabled: true, message: "Provider outage. Back at 6pm." },
    });
    const refused = await buy(c, "08031234567", 100_000);
    expect(refused).toMatchObject({ status: 503, body: { msg: "Provider outage. Back at 6pm." } });

    const resumed = await server.send("POST /sys.admin/emergency-mode", {
      token: admin.token,
      body: { enabled: false },
    });
    expect(resumed.body).toMatchObject({
      msg: "Emergency mode is OFF",
      data: { enabled: false, message: "" },
    });
    expect((await buy(c, "08031234567", 100_000)).status).toBe(200);

    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "emergency.update" },
    });
    expect(audit.results.map((a) => a.after)).toMatchObject([{ enabled: false }, { enabled: true }]);
  });

  it.each([
    [{ enabled: true }, "message", "Tell customers why sales are paused (at least 5 characters)."],
    [
      { enabled: true, message: "no" },
      "message",
      "Tell customers why sales are paused (at least 5 characters).",
    ],
    [{ enabled: "on" }, "enabled", "Emergency mode must be true or false."],
    [
      { enabled: true, message: "x".repeat(281) },
      "message",
      "Message to customers must be at most 280 characters.",
    ],
  ])("refuses %j", async (body, field, message) => {
    const answer = await server.post("sys.admin/emergency-mode/", body, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect((await server.sendOk("GET /sys.admin/emergency-mode", { token: admin.token })).enabled).toBe(
      false,
    );
  });
});

describe("referrals", () => {
  it("pays the referrer once, on the referred customer's first funding of at least ₦1,000", async () => {
    const referrer = await server.fundedCustomer(0);
    const code = (await server.sendOk("GET /auth/profile", { token: referrer.token })).referral_code;
    const referred = await server.signedInCustomer({ referral_code: code, first_name: "Tobi" });

    let list = await server.sendOk("GET /sys.admin/referrals", { token: admin.token });
    expect(list.results[0]).toMatchObject({
      referrer: { id: referrer.id },
      referred: { id: referred.id },
      state: "waiting",
      bonus: null,
    });

    await server.fund(referred.id, 50_000); // ₦500: not yet
    expect(await walletBalance(server.db, referrer.id)).toBe(0);
    await server.fund(referred.id, 100_000); // ₦1,000: the bonus
    await server.fund(referred.id, 500_000); // later fundings: nothing more
    expect(await walletBalance(server.db, referrer.id)).toBe(10_000);

    list = await server.sendOk("GET /sys.admin/referrals", { token: admin.token });
    expect(list.results[0]).toMatchObject({
      state: "paid",
      bonus: 10_000,
      reference: expect.stringMatching(/^OJB/),
    });
    const history = await server.sendOk("GET /core/customer/transactions", {
      token: referrer.token,
      query: { kind: "bonus" },
    });
    expect(history.results).toEqual([
      expect.objectContaining({
        kind: "bonus",
        status: "successful",
        total: 10_000,
        description: expect.stringContaining("Tobi"),
      }),
    ]);
  });
});

describe("notifications and circulars", () => {
  it("sends a notification to every customer's inbox and by email, audited", async () => {
    const customer = await server.signedInCustomer();
    const sentBefore = server.mailbox.sent.length;
    const answer = await server.send("POST /sys.admin/notifications", {
      token: admin.token,
      body: { title: "New data plans", body: "GLO weekend plans are here." },
    });
    expect(answer.status).toBe(201);
    const recipients = answer.data?.recipients ?? 0;
    expect(recipients).toBeGreaterThanOrEqual(1);
    expect(answer.body.msg).toBe(`Sent to ${recipients} customer${recipients === 1 ? "" : "s"}.`);
    const inbox = await server.sendOk("GET /core/customer/notifications", { token: customer.token });
    expect(inbox.results[0]?.title).toBe("New data plans");
    await expect.poll(() => server.mailbox.sent.length - sentBefore).toBe(recipients);
    expect(server.mailbox.sent.filter((m) => m.to === customer.email).at(-1)).toMatchObject({
      subject: "New data plans",
    });
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "notification.send" },
    });
    expect(audit.results[0]).toMatchObject({
      actor: { id: admin.id },
      after: { title: "New data plans", recipients },
    });
  });

  it("pages the inbox without repeating or skipping notices sent in the same instant", async () => {
    const customer = await server.signedInCustomer();
    for (const title of ["Same instant A", "Same instant B", "Same instant C"]) {
      const sent = await server.send("POST /sys.admin/notifications", {
        token: admin.token,
        body: { title, body: "One of three." },
      });
      expect(sent.status).toBe(201);
    }
    const whole = await server.sendOk("GET /core/customer/notifications", {
      token: customer.token,
      query: { page_size: 100 },
    });
    expect(whole.count).toBeGreaterThanOrEqual(3);
    const onePerPage: string[] = [];
    for (let pageNumber = 1; pageNumber <= whole.count; pageNumber++) {
      const answer = await server.sendOk("GET /core/customer/notifications", {
        token: customer.token,
        query: { page: pageNumber, page_size: 1 },
      });
      onePerPage.push(...answer.results.map((n) => n.id));
    }
    expect(onePerPage).toEqual(whole.results.map((n) => n.id));
  });

  it("shows a circular on the customer dashboard only while it is current", async () => {
    const customer = await server.signedInCustomer();
    const now = server.clock.now().getTime();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const current = await server.send("POST /sys.admin/circulars", {
      token: admin.token,
      body: {
        title: "Easter hours",
        body: "Support answers until 4pm.",
        starts_at: iso(-60_000),
        ends_at: iso(86_400_000),
      },
    });
    expect(current.data).toMatchObject({ title: "Easter hours", current: true });
    await server.send("POST /sys.admin/circulars", {
      token: admin.token,
      body: {
        title: "Later",
        body: "Not yet shown.",
        starts_at: iso(86_400_000),
        ends_at: iso(2 * 86_400_000),
      },
    });
    const shown = await server.sendOk("GET /core/customer/circulars", { token: customer.token });
    expect(shown.map((c) => c.title)).toEqual(["Easter hours"]);
    const all = await server.sendOk("GET /sys.admin/circulars", { token: admin.token });
    expect(all.map((c) => [c.title, c.current])).toEqual([
      ["Later", false],
      ["Easter hours", true],
    ]);
    // Both publications are in the audit log, newest first, with what was published.
    const audit = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "circular.create" },
    });
    expect(audit.results.map((a) => a.after)).toMatchObject([{ title: "Later" }, { title: "Easter hours" }]);
    expect(audit.results[0]).toMatchObject({
      actor: { email: admin.email },
      target: { type: "circular", label: "Later" },
    });
  });

  it.each([
    [
      "sys.admin/notifications/",
      { title: "Hi", body: "Short body" },
      "title",
      "Title must be at least 3 characters.",
    ],
    [
      "sys.admin/notifications/",
      { title: "Hello", body: "x".repeat(1001) },
      "body",
      "Message must be at most 1000 characters.",
    ],
    [
      "sys.admin/circulars/",
      {
        title: "Hello",
        body: "Body text",
        starts_at: "2026-03-02T10:00:00Z",
        ends_at: "2026-03-01T10:00:00Z",
      },
      "ends_at",
      "A circular must end after it starts.",
    ],
    [
      "sys.admin/circulars/",
      { title: "Hello", body: "Body text", starts_at: "tomorrow", ends_at: "2026-03-01T10:00:00Z" },
      "starts_at",
      "Shows from is not in the right format.",
    ],
  ])("refuses POST %s %j and writes nothing", async (path, body, field, message) => {
    const before = await server.db.$count((await import("../../server/db/schema")).auditLog);
    const answer = await server.post(path, body, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.[field]).toEqual([message]);
    expect(await server.db.$count((await import("../../server/db/schema")).auditLog)).toBe(before);
  });
});

describe("the audit log", () => {
  it("is paged, newest first, and filters by actor and action", async () => {
    const all = await server.sendOk("GET /sys.admin/audit", { token: admin.token, query: { page_size: 3 } });
    expect(all.results).toHaveLength(3);
    expect(all.count).toBeGreaterThan(3);
    const mine = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { actor: admin.email.slice(0, 10) },
    });
    expect(mine.results.every((a) => a.actor?.email === admin.email)).toBe(true);
    const fundings = await server.sendOk("GET /sys.admin/audit", {
      token: admin.token,
      query: { action: "wallet.fund" },
    });
    expect(fundings.results.length).toBeGreaterThan(0);
    expect(fundings.results.every((a) => a.action === "wallet.fund")).toBe(true);
  });

  it("refuses an action it never writes, naming the field, rather than answering an empty log", async () => {
    const answer = await server.get("sys.admin/audit/?action=wallet.delete", admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toEqual(expect.any(String));
    expect(Object.keys(answer.body.fields ?? {})).toEqual(["action"]);
  });
});
