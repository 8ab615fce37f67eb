import { gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailOutbox, providerStates } from "../../server/db/schema";
import type { MailOutbox } from "../../server/mail/outbox";
import { runBackgroundWork } from "../../server/services/backgroundWork";
import { settlePurchase } from "../../server/services/purchases/settlePurchase";
import { queueSms } from "../../server/services/sms/smsOutbox";
import { naira, serverForFile } from "./support/serverForFile";
import { createTestServer, type TestServer } from "./support/testServer";

const metricsToken = "m3tr1cs-t0ken-for-the-tests-0123456789";

const server = serverForFile({ METRICS_TOKEN: metricsToken });

const scrape = (app: TestServer["app"], authorization?: string) =>
  app.request("/metrics", { headers: authorization ? { authorization } : {} });

/** One sample of the exposition text: `name{label="value",…} number`. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

async function samples(app: TestServer["app"] = server.app): Promise<Sample[]> {
  const res = await scrape(app, `Bearer ${metricsToken}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
      );
      return { name: match[1] ?? "", labels, value: Number(match[3]) };
    });
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
async function sampleValue(name: string, labels: Record<string, string> = {}, app = server.app) {
  const found = (await samples(app)).filter(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  );
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

const buyAirtime = (c: { token: string; pin: string }, phone: string) =>
  server.buyAirtime(c, phone, naira(100));

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const plain = await createTestServer();
    try {
      const res = await scrape(plain.app, `Bearer ${metricsToken}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ status: false, code: "not_found" });
      expect(plain.deps.metrics).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it("answers 401 without the token or with another, and the metrics with it", async () => {
    for (const authorization of [
      undefined,
      `Bearer ${metricsToken}x`,
      `Bearer ${metricsToken.slice(0, -1)}`,
      metricsToken,
      `Basic ${metricsToken}`,
    ]) {
      const res = await scrape(server.app, authorization);
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      const body = await res.json();
      expect(body).toMatchObject({
        status: false,
        code: "no_credentials",
        req_id: res.headers.get("x-request-id"),
      });
    }
    const res = await scrape(server.app, `Bearer ${metricsToken}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const text = await res.text();
    expect(text).toContain("# TYPE ojapay_http_requests_total counter");
    expect(text).toContain("# TYPE process_cpu_seconds_total counter");

    // Prometheus asks for gzip, and gets it.
    const packed = await server.app.request("/metrics", {
      headers: { authorization: `Bearer ${metricsToken}`, "accept-encoding": "gzip" },
    });
    expect(packed.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await packed.arrayBuffer())).toString("utf8")).toContain(
      "# TYPE ojapay_http_requests_total counter",
    );
  });

  it("counts a purchase where it settles and its request by route template, never the raw path", async () => {
    const c = await server.fundedCustomer(naira(2_000));
    const delivered = { kind: "airtime", status: "successful", provider: "vtpass" };
    // VTpass declines a number ending 0000; it moves to the vendor, who declines it too: failed there.
    const failed = { ...delivered, status: "failed", provider: "msorg" };
    const before = {
      delivered: (await sampleValue("ojapay_purchases_settled_total", delivered)) ?? 0,
      failed: (await sampleValue("ojapay_purchases_settled_total", failed)) ?? 0,
    };
    const bought = await buyAirtime(c, "08031234567");
    expect(bought.data?.status).toBe("successful");
    const declined = await buyAirtime(c, "08030000000");
    expect(declined.data?.status).toBe("failed");
    expect(await sampleValue("ojapay_purchases_settled_total", delivered)).toBe(before.delivered + 1);
    expect(await sampleValue("ojapay_purchases_settled_total", failed)).toBe(before.failed + 1);

    const airtime = { method: "POST", route: "/api/core/customer/airtime/", status: "200" };
    expect(await sampleValue("ojapay_http_requests_total", airtime)).toBe(2);
    expect(await sampleValue("ojapay_http_request_duration_seconds_count", airtime)).toBe(2);

    // A path with an id is counted under its template.
    const reference = bought.data?.reference ?? "";
    await server.sendOk("GET /core/customer/transactions/:reference", {
      token: c.token,
      params: { reference },
    });
    const all = await samples();
    expect(all.map((s) => JSON.stringify(s.labels)).join("\n")).not.toContain(reference);
    const detail = all.find(
      (s) => s.name === "ojapay_http_requests_total" && s.labels.route?.includes("transactions/:"),
    );
    expect(detail?.labels).toEqual({
      method: "GET",
      route: "/api/core/customer/transactions/:reference/",
      status: "200",
    });

    // Unknown paths share one series, whatever they are.
    await server.app.request(`/api/no/such/${crypto.randomUUID()}`);
    await server.app.request(`/nowhere/${crypto.randomUUID()}`);
    expect(
      await sampleValue("ojapay_http_requests_total", { method: "GET", route: "unmatched", status: "404" }),
    ).toBe(2);
  });

  it("reads pending purchases, provider balances and the outbox from the database at each scrape", async () => {
    const c = await server.fundedCustomer(naira(2_000));
    const pendingBefore = (await sampleValue("ojapay_purchases_pending")) ?? 0;
    const delivered = { kind: "airtime", status: "successful", provider: "vtpass" };
    const deliveredBefore = (await sampleValue("ojapay_purchases_settled_total", delivered)) ?? 0;
    // VTpass's simulator leaves a number ending 1111 pending until its second requery.
    const pending = await buyAirtime(c, "08031111111");
    expect(pending.data?.status).toBe("pending");
    expect(await sampleValue("ojapay_purchases_pending")).toBe(pendingBefore + 1);
    server.clock.advance(90_000);
    expect(await sampleValue("ojapay_purchases_pending_oldest_seconds")).toBeGreaterThanOrEqual(90);

    // The background work reads each provider's balance into provider_states; the gauge reads that row.
    await runBackgroundWork(server.deps);
    const [vtpass] = await server.db
      .select()
      .from(providerStates)
      .where(eq(providerStates.provider, "vtpass"));
    expect(vtpass?.balance).toEqual(expect.any(Number));
    expect(await sampleValue("ojapay_provider_balance_kobo", { provider: "vtpass" })).toBe(vtpass?.balance);
    expect(await sampleValue("ojapay_provider_low_balance_warning_kobo", { provider: "vtpass" })).toBe(
      vtpass?.lowBalanceWarning,
    );
    // Another instance's write is seen at the next scrape: nothing is cached here.
    await server.db
      .update(providerStates)
      .set({ balance: 123_456 })
      .where(eq(providerStates.provider, "vtpass"));
    expect(await sampleValue("ojapay_provider_balance_kobo", { provider: "vtpass" })).toBe(123_456);

    const depthBefore = (await sampleValue("ojapay_mail_outbox_depth")) ?? 0;
    const now = server.clock.now();
    const [waiting] = await server.db
      .insert(mailOutbox)
      .values({
        kind: "notice",
        recipient: "later@example.com",
        message: JSON.stringify({ subject: "s", text: "t" }),
        sealed: false,
        createdAt: now,
        nextAttemptAt: new Date(now.getTime() + 3_600_000),
      })
      .returning({ id: mailOutbox.id });
    expect(await sampleValue("ojapay_mail_outbox_depth")).toBe(depthBefore + 1);
    await server.db.delete(mailOutbox).where(eq(mailOutbox.id, waiting?.id ?? ""));

    // Settled by the requeries: no longer pending, and counted once.
    for (let i = 0; i < 3 && (await sampleValue("ojapay_purchases_pending")) !== pendingBefore; i++) {
      server.clock.advance(60_000);
      await runBackgroundWork(server.deps);
    }
    expect(await sampleValue("ojapay_purchases_pending")).toBe(pendingBefore);
    // Delivered at its second requery and counted then; a late answer (a webhook) moves nothing and counts nothing.
    expect(await sampleValue("ojapay_purchases_settled_total", delivered)).toBe(deliveredBefore + 1);
    await settlePurchase(server.deps, pending.data?.id ?? "", { status: "successful" }, "webhook");
    expect(await sampleValue("ojapay_purchases_settled_total", delivered)).toBe(deliveredBefore + 1);
  });

  it("counts SMS by the gateway's answer and by delivery report, and reads the SMS outbox's depth", async () => {
    const termii = server.deps.simulators?.termii.control;
    const sms = server.deps.sms;
    if (!termii || !sms) throw new Error("the Termii simulator is on in tests");
    await sms.idle();
    const accepted = { purpose: "outcome", answer: "accepted" };
    const refused = { purpose: "outcome", answer: "refused" };
    const before = {
      accepted: (await sampleValue("ojapay_sms_sends_total", accepted)) ?? 0,
      refused: (await sampleValue("ojapay_sms_sends_total", refused)) ?? 0,
      delivered: (await sampleValue("ojapay_sms_delivery_reports_total", { outcome: "delivered" })) ?? 0,
      depth: (await sampleValue("ojapay_sms_outbox_depth")) ?? 0,
    };
    for (const to of ["08031230001", "08031230002"])
      await queueSms(server.db, server.deps, { userId: null, to, text: "Counted", purpose: "outcome" });
    expect(await sampleValue("ojapay_sms_outbox_depth")).toBe(before.depth + 2);
    termii.down(1);
    await sms.sendDue();
    expect(await sampleValue("ojapay_sms_sends_total", refused)).toBe(before.refused + 1);
    expect(await sampleValue("ojapay_sms_sends_total", accepted)).toBe(before.accepted + 1);
    expect(await sampleValue("ojapay_sms_outbox_depth")).toBe(before.depth + 1);
    server.clock.advance(60_000);
    await sms.sendDue();
    expect(await sampleValue("ojapay_sms_sends_total", accepted)).toBe(before.accepted + 2);
    expect(await sampleValue("ojapay_sms_outbox_depth")).toBe(before.depth);
    // Termii's delivery reports, each counted once however often it is repeated.
    const ours = termii.sent.filter((m) => m.sms === "Counted");
    expect(ours).toHaveLength(2);
    for (const message of [...ours, ...ours]) expect(await termii.report(message)).toBe(200);
    expect(await sampleValue("ojapay_sms_delivery_reports_total", { outcome: "delivered" })).toBe(
      before.delivered + 2,
    );
  });

  it("counts and times each background step, and its failures", async () => {
    const step = { step: "send due mail" };
    const runs = (await sampleValue("ojapay_background_step_runs_total", step)) ?? 0;
    const failures = (await sampleValue("ojapay_background_step_failures_total", step)) ?? 0;
    await runBackgroundWork(server.deps);
    const broken: MailOutbox = { ...server.deps.outbox, sendDue: () => Promise.reject(new Error("down")) };
    await runBackgroundWork({ ...server.deps, outbox: broken });
    expect(await sampleValue("ojapay_background_step_runs_total", step)).toBe(runs + 2);
    expect(await sampleValue("ojapay_background_step_failures_total", step)).toBe(failures + 1);
    expect(await sampleValue("ojapay_background_step_duration_seconds_count", step)).toBe(runs + 2);
  });

  it("keeps each app's counts apart: two servers in one process each have their own registry", async () => {
    const other = await createTestServer({ METRICS_TOKEN: metricsToken });
    try {
      await other.app.request("/api/status/");
      const status = { method: "GET", route: "/api/status/", status: "200" };
      expect(await sampleValue("ojapay_http_requests_total", status, other.app)).toBe(1);
      expect(await sampleValue("ojapay_http_requests_total", status)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
