import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type AuditEntry, auditAction } from "../../schemas/admin";
import { auditFieldOf } from "../../schemas/auditFields";
import { users } from "../../server/db/schema";
import { lagosDay } from "../../server/lagosCalendar";
import { identityFingerprint } from "../../server/services/kyc/identityChecks";
import { verifiedByCode } from "./support/identityCodes";
import { payByCard } from "./support/paystackCheckout";
import { type Customer, naira, serverForFile } from "./support/serverForFile";
import { countStatements } from "./support/statementCounter";
import type { TestServer } from "./support/testServer";

// One of every kind of console write, each through its endpoint as staff make it, then the audit log
// as the admin reads it: every action is there, every field of every entry is one the audit page
// knows how to show (schemas/auditFields.ts), and every target is named as people name it.
type Operator = Awaited<ReturnType<TestServer["signedInOperator"]>>;
let staff: Operator;
let admin: Operator;
let buyer: Customer;
let purchase: { id: string; reference: string; description: string };
let deletedPlan: { id: number; name: string };
let log: AuditEntry[];

const nin = (n: number) => `3${String(n).padStart(9, "0")}1`;

const server = serverForFile();
beforeAll(async () => {
  staff = await server.signedInOperator("staff");
  admin = await server.signedInOperator("admin");
  await writeOneOfEach();
  log = (await server.sendOk("GET /sys.admin/audit", { token: admin.token, query: { page_size: 100 } }))
    .results;
});

async function customerBorn(details: Record<string, string> = {}) {
  const person = await server.signedInCustomer(details);
  await server.sendOk("PATCH /auth/profile", { token: person.token, body: { date_of_birth: "1990-05-04" } });
  return person;
}
const verify = (person: { token: string }, number: string) =>
  server.send("POST /core/customer/kyc/verify", { token: person.token, body: { id_type: "nin", number } });

async function writeOneOfEach() {
  // A customer moves up a level, paying its fee: audited with the customer as actor
  // (first: its wallet's funding is not the one the test names).
  const upgrader = await server.fundedCustomer(naira(2_000));
  await server.sendOk("POST /core/customer/level-upgrade", {
    token: upgrader.token,
    body: { level: "agent", pin: upgrader.pin, request_id: crypto.randomUUID() },
  });
  // Money: staff funding, a purchase requeried and refunded.
  buyer = await server.fundedCustomer(naira(5_000));
  await server.sendOk("POST /staff/customer/fund/:user_id", {
    token: staff.token,
    params: { user_id: buyer.id },
    body: { amount: naira(500), reason: "Goodwill after an outage", request_id: crypto.randomUUID() },
  });
  const bought = await server.sendOk("POST /core/customer/airtime", {
    token: buyer.token,
    body: {
      network_id: 1,
      phone: "08031234567",
      amount: naira(1_000),
      pin: buyer.pin,
      request_id: crypto.randomUUID(),
    },
  });
  purchase = bought;
  await server.sendOk("POST /core/staff/transaction/:id/requery", {
    token: staff.token,
    params: { id: bought.id },
  });
  await server.sendOk("POST /core/staff/transaction/:id/refund", {
    token: staff.token,
    params: { id: bought.id },
    body: { reason: "Customer says it never arrived" },
  });
  // A dispute opened by its customer, and rejected by staff.
  const disputed = await server.boughtAirtime(buyer, "08031234567", naira(100));
  await server.sendOk("POST /core/customer/transactions/:id/dispute", {
    token: buyer.token,
    params: { id: disputed.id },
    body: { reason: "not_received", details: "Nothing came." },
  });
  const [open] = (await server.sendOk("GET /core/staff/disputes", { token: staff.token })).results;
  await server.sendOk("POST /core/staff/disputes/:id/resolve", {
    token: staff.token,
    params: { id: open?.id ?? "" },
    body: { outcome: "reject", note: "The network shows it delivered." },
  });
  // Another sent again, which its provider declines: the dispute opens again.
  const resent = await server.boughtAirtime(buyer, "08031234568", naira(100));
  await server.sendOk("POST /core/customer/transactions/:id/dispute", {
    token: buyer.token,
    params: { id: resent.id },
    body: { reason: "not_received", details: "Nothing came." },
  });
  const queued = (await server.sendOk("GET /core/staff/disputes", { token: staff.token })).results;
  server.vtpass.script("08031234568", { code: "016" });
  await server.sendOk("POST /core/staff/disputes/:id/resolve", {
    token: staff.token,
    params: { id: queued.find((d) => d.purchase.id === resent.id)?.id ?? "" },
    body: { outcome: "redeliver" },
  });

  // The catalogue: every editor, and a plan made, changed and deleted.
  await server.sendOk("PATCH /core/staff/fetch/airtime", {
    token: staff.token,
    body: { id: 1, max_amount: naira(40_000) },
  });
  await server.sendOk("PATCH /core/staff/fetch/data/networks", {
    token: staff.token,
    body: { id: 2, enabled: true },
  });
  await server.sendOk("PUT /core/staff/fetch/data/networks/ids", {
    token: staff.token,
    body: { network_id: 2, provider: "vtpass", service_id: "glo-data" },
  });
  const plan = await server.sendOk("POST /core/staff/fetch/data/plans", {
    token: staff.token,
    body: {
      control_id: 2,
      code: "glo-audit-1d",
      name: "1GB Audit (1 day)",
      size: "1GB",
      validity: "1 day",
      category: "daily",
      price: naira(400),
      plan_type: "gifting",
      provider: "vtpass",
      variation_code: "glo-audit-1d",
      cost: naira(380),
    },
  });
  await server.sendOk("PUT /core/staff/fetch/offers", {
    token: staff.token,
    body: {
      service: "data",
      product_id: plan.id,
      provider: "msorg",
      variation_code: "999",
      cost: naira(390),
    },
  });
  await server.sendOk("DELETE /core/staff/fetch/offers", {
    token: staff.token,
    query: { service: "data", product_id: plan.id, provider: "msorg" },
  });
  await server.sendOk("PATCH /core/staff/fetch/data/plans/:id", {
    token: staff.token,
    params: { id: plan.id },
    body: { price: naira(420) },
  });
  await server.sendOk("DELETE /core/staff/fetch/data/plans/:id", {
    token: staff.token,
    params: { id: plan.id },
  });
  deletedPlan = { id: plan.id, name: plan.name };
  await server.sendOk("PATCH /core/staff/fetch/tv/controls", {
    token: staff.token,
    body: { id: 1, service_fee: naira(120) },
  });
  const [padi] = (
    await server.sendOk("GET /core/staff/fetch/tv/plans", { token: staff.token, query: { control_id: 1 } })
  ).filter((b) => b.code === "dstv-padi");
  if (!padi) throw new Error("DStv has no Padi");
  await server.sendOk("PATCH /core/staff/fetch/tv/plans/:id", {
    token: staff.token,
    params: { id: padi.id },
    body: { price: padi.price + naira(100) },
  });
  await server.sendOk("PATCH /core/staff/fetch/electricity", {
    token: staff.token,
    body: { id: 1, service_fee: naira(150) },
  });
  // An exam PIN added and edited by an admin, its first offer, at a loss with a reason.
  const exam = await server.sendOk("POST /sys.admin/exam-pins", {
    token: admin.token,
    body: {
      exam: "jamb",
      code: "jamb-utme-2027",
      name: "JAMB UTME 2027",
      face_value: naira(7_000),
      price: naira(7_000),
    },
  });
  await server.sendOk("PUT /core/staff/fetch/offers", {
    token: staff.token,
    body: {
      service: "exam_pin",
      product_id: exam.id,
      provider: "vtpass",
      service_id: "jamb",
      variation_code: "utme-2027",
      cost: naira(6_900),
    },
  });
  await server.sendOk("PATCH /sys.admin/exam-pins/:id", {
    token: admin.token,
    params: { id: exam.id },
    body: {
      price: naira(6_800),
      enabled: true,
      sell_at_loss: { reason: "Launch week, matched to the market" },
    },
  });
  // A recharge card priced by an admin.
  const card = (await server.sendOk("GET /core/staff/fetch/recharge-pins", { token: staff.token })).find(
    (c) => c.network === "Airtel" && c.denomination === naira(500),
  );
  await server.sendOk("PATCH /sys.admin/recharge-pins/:id", {
    token: admin.token,
    params: { id: card?.id ?? 0 },
    body: { price: naira(495) },
  });
  await server.sendOk("POST /core/staff/fetch/data/plans/sync", {
    token: staff.token,
    body: {
      control_id: 1,
      provider: "vtpass",
      import: [{ code: "mtn-40gb-30d", price: naira(11_000) }, { code: "mtn-6gb-7d" }],
    },
  });

  // Admin settings, notices and people.
  await server.sendOk("POST /sys.admin/emergency-mode", { token: admin.token, body: { enabled: false } });
  await server.sendOk("PATCH /sys.admin/providers/:name", {
    token: admin.token,
    params: { name: "msorg" },
    body: { low_balance_warning: naira(20_000), circuit_failures: 3 },
  });
  await server.sendOk("PUT /sys.admin/provider-routes", {
    token: admin.token,
    body: { service: "data", scope: "1:sme", providers: ["msorg"] },
  });
  const limits = await server.sendOk("GET /sys.admin/kyc-limits", { token: admin.token });
  await server.sendOk("PUT /sys.admin/kyc-limits", {
    token: admin.token,
    body: { ...limits, tier1_daily_limit: naira(60_000) },
  });
  await server.sendOk("PATCH /sys.admin/levels/:slug", {
    token: admin.token,
    params: { slug: "agent" },
    body: { airtime_percent: 1.5, exam_pin_percent: 0.5, upgrade_fee: naira(1_500) },
  });
  await server.sendOk("POST /sys.admin/notifications", {
    token: admin.token,
    body: { title: "Happy new month", body: "Data is cheaper this week." },
  });
  const now = server.clock.now().getTime();
  await server.sendOk("POST /sys.admin/circulars", {
    token: admin.token,
    body: {
      title: "Maintenance tonight",
      body: "Purchases may be slow after 11 PM.",
      starts_at: new Date(now).toISOString(),
      ends_at: new Date(now + 86_400_000).toISOString(),
    },
  });
  await server.sendOk("POST /sys.admin/staff", {
    token: admin.token,
    body: {
      first_name: "Ngozi",
      last_name: "Eze",
      email: "ngozi.audit@example.com",
      phone: "08035550100",
      role: "staff",
    },
  });
  await server.sendOk("PATCH /sys.admin/users/:id", {
    token: admin.token,
    params: { id: buyer.id },
    body: { phone: "08035550101", level: "reseller" },
  });
  await server.sendOk("POST /sys.admin/users/:id/kyc", {
    token: admin.token,
    params: { id: buyer.id },
    body: { tier: 3, reason: "Address and documents seen" },
  });
  // A reseller at tier 3 holds API keys: one made, given a webhook URL, and revoked.
  const key = await server.sendOk("POST /core/customer/api-keys", {
    token: buyer.token,
    body: { name: "Shop website" },
  });
  await server.sendOk("PATCH /core/customer/api-keys/:id", {
    token: buyer.token,
    params: { id: key.id },
    body: { webhook_url: "https://shop.example.com/ojapay" },
  });
  await server.sendOk("DELETE /core/customer/api-keys/:id", { token: buyer.token, params: { id: key.id } });

  // Reconciliation: a card payment whose webhook never came, credited by the day's run.
  const payer = await server.signedInCustomer();
  const checkout = await server.sendOk("POST /core/customer/wallet/fund", {
    token: payer.token,
    body: { amount: naira(2_000), request_id: crypto.randomUUID() },
  });
  server.paystack.setBehaviour({ webhooks: "hold" });
  try {
    await payByCard(checkout.checkout_url);
    await server.sendOk("POST /sys.admin/reconciliation", {
      token: admin.token,
      body: { day: lagosDay(server.clock.now()) },
    });
  } finally {
    server.paystack.setBehaviour({ webhooks: "deliver" });
  }
  await server.paystack.releaseWebhooks();

  // Identity reviews: corrections approved and rejected, contests approved and rejected.
  for (const decision of ["approve", "reject"] as const) {
    const locked = await customerBorn({ first_name: "Kemi", last_name: "Ola" });
    expect((await verify(locked, "12345679999")).status).toBe(400);
    await server.sendOk("POST /core/customer/kyc/changes", {
      token: locked.token,
      body: { first_name: "Chidinma", last_name: "Okafor" },
    });
    const queue = await server.sendOk("GET /core/staff/kyc/changes", {
      token: staff.token,
      query: { page_size: 100 },
    });
    const request = queue.results.find((r) => r.customer.id === locked.id);
    const decide = {
      token: staff.token,
      params: { id: request?.id ?? "" },
      body: { reason: "Birth certificate seen at the office" },
    };
    if (decision === "approve") await server.sendOk("POST /core/staff/kyc/changes/:id/approve", decide);
    else await server.sendOk("POST /core/staff/kyc/changes/:id/reject", decide);
  }
  for (const [index, decision] of (["approve", "reject"] as const).entries()) {
    const number = nin(index + 1);
    const holder = await customerBorn();
    await server.db
      .update(users)
      .set({
        kycTier: 2,
        identityType: "nin",
        identityLast4: number.slice(-4),
        identityFingerprint: identityFingerprint(server.deps.config.totpKey, "nin", number),
        identityVerifiedAt: server.clock.now(),
      })
      .where(eq(users.id, holder.id));
    const claimant = await customerBorn({ first_name: "Bola", last_name: "Ade" });
    expect((await verify(claimant, number)).status).toBe(409);
    await server.sendOk("POST /core/customer/kyc/contest", {
      token: claimant.token,
      body: { id_type: "nin", number },
    });
    const queue = await server.sendOk("GET /core/staff/kyc/contests", {
      token: staff.token,
      query: { page_size: 100 },
    });
    const contest = queue.results.find((r) => r.claimant.id === claimant.id);
    const decide = {
      token: staff.token,
      params: { id: contest?.id ?? "" },
      body: { reason: "NIN slip checked against the holder's" },
    };
    if (decision === "approve") await server.sendOk("POST /core/staff/kyc/contests/:id/approve", decide);
    else await server.sendOk("POST /core/staff/kyc/contests/:id/reject", decide);
  }
  // Identity proven by the registry's phone: a code confirmed by the customer; matches whose record
  // holds no phone (the simulated registry's `6666` numbers) approved and rejected by staff.
  const coded = await customerBorn();
  expect((await verifiedByCode(server, coded, { id_type: "nin", number: nin(10) })).confirmed?.status).toBe(
    200,
  );
  for (const [index, decision] of (["approve", "reject"] as const).entries()) {
    const matched = await customerBorn();
    expect((await verify(matched, `3${String(index + 11).padStart(6, "0")}6666`)).status).toBe(200);
    const queue = await server.sendOk("GET /core/staff/kyc/matches", {
      token: staff.token,
      query: { page_size: 100 },
    });
    const match = queue.results.find((r) => r.customer.id === matched.id);
    const decide = {
      token: staff.token,
      params: { id: match?.id ?? "" },
      body: { reason: "Called the customer on the phone their bank holds" },
    };
    if (decision === "approve") await server.sendOk("POST /core/staff/kyc/matches/:id/approve", decide);
    else await server.sendOk("POST /core/staff/kyc/matches/:id/reject", decide);
  }
}

/** Every key, at any depth, the audit page would not know how to show. */
function unknownFields(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => unknownFields(item, `${path}${i}.`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(auditFieldOf(key).known ? [] : [`${path}${key}`]),
    ...unknownFields(inner, `${path}${key}.`),
  ]);
}

const entryOf = (action: AuditEntry["action"]) => {
  const entry = log.find((e) => e.action === action);
  if (!entry) throw new Error(`no ${action} entry`);
  return entry;
};

describe("the audit log", () => {
  it("holds an entry for every kind of console write, and knows every field each holds", () => {
    expect(new Set(log.map((e) => e.action))).toEqual(new Set(auditAction.options));
    const unknown = log.flatMap((e) =>
      unknownFields([e.before, e.after]).map((key) => `${e.action}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });

  it("names every target as people do, never by a bare id", () => {
    const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    for (const entry of log) expect(entry.target.label, entry.action).not.toMatch(uuid);

    expect(entryOf("transaction.refund").target).toEqual({
      type: "transaction",
      id: purchase.id,
      label: purchase.reference,
      detail: purchase.description,
      parent_id: null,
    });
    expect(entryOf("wallet.fund").target).toMatchObject({
      type: "user",
      id: buyer.id,
      label: "Ada Okafor",
      detail: buyer.email,
    });
    const labels = new Map(log.map((e) => [`${e.target.type}:${e.target.id}`, e.target]));
    expect(labels.get("airtime_control:1")).toMatchObject({ label: "MTN airtime" });
    expect(labels.get("route:data:1:sme")).toMatchObject({ label: "Route data:1:sme" });
    expect(labels.get("provider:msorg")).toMatchObject({ label: "Provider account (msorg)" });
    expect(labels.get("data_network:2")).toMatchObject({ label: "GLO data" });
    expect(labels.get("tv_provider:1")).toMatchObject({ label: "DStv" });
    expect(log.find((e) => e.target.type === "tv_plan")?.target).toMatchObject({
      label: "DStv Padi",
      detail: "DStv",
      parent_id: 1,
    });
    // A plan deleted since is named by what its entries recorded, and still linked to its network.
    expect(labels.get(`data_plan:${deletedPlan.id}`)).toMatchObject({
      label: deletedPlan.name,
      parent_id: 2,
    });
    expect(labels.get("data_network:1")).toMatchObject({ label: "MTN data" });
    expect(log.find((e) => e.target.type === "exam_product")?.target.label).toBe("JAMB UTME 2027");
    expect(log.find((e) => e.target.type === "recharge_card")?.target.label).toBe("Airtel ₦500 card");
    expect(entryOf("notification.send").target.label).toBe("Happy new month");
    expect(entryOf("circular.create").target.label).toBe("Maintenance tonight");
    expect(entryOf("staff.invite").target).toMatchObject({
      label: "Ngozi Eze",
      detail: "ngozi.audit@example.com",
    });
    expect(entryOf("kyc.contest.approve").target.label).toBe("Contest by Bola Ade");
    expect(entryOf("emergency.update").target.label).toBe("Emergency mode");
    expect(entryOf("level.update").target).toMatchObject({ id: "agent", label: "Price level agent" });
    expect(entryOf("level.upgrade").target).toMatchObject({ type: "user", label: "Ada Okafor" });
    expect(entryOf("level.upgrade").after).toMatchObject({ level: "agent", balance: naira(1_000) });
    expect(entryOf("api_key.revoke").target).toMatchObject({ type: "api_key", detail: "Shop website" });
    expect(entryOf("api_key.revoke").target.label).toMatch(/^API key [A-Za-z0-9]{12}…$/);
    expect(entryOf("reconciliation.run").target.label).toBe(
      `Reconciliation of ${lagosDay(server.clock.now())}`,
    );
    expect(entryOf("funding.reconciled").target.label).toMatch(/^OJF/);
  });

  it("reads a page in as many statements for one entry as for a hundred", async () => {
    const read = (page_size: number) =>
      countStatements(server.db, () =>
        server.sendOk("GET /sys.admin/audit", { token: admin.token, query: { page_size } }),
      );
    const one = await read(1);
    const hundred = await read(100);
    expect(hundred.result.results.length).toBeGreaterThan(20);
    expect(hundred.count).toBe(one.count);
  });
});
