import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  providerOutcomes,
  providerRoutes,
  providerStates,
  purchaseAttempts,
  transactions,
} from "../../server/db/schema";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { claimedCandidates } from "../../server/services/purchases/routePurchase";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, naira, serverForFile } from "./support/serverForFile";

// Several providers (issue 25): a purchase goes to the route's first provider that may be tried, and
// moves on only after an answer proving that provider kept nothing.
const server = serverForFile();
beforeEach(async () => {
  await server.db.delete(providerStates);
  await server.db.delete(providerRoutes);
  // Failures in a row are counted from the answers: each test starts with none.
  await server.db.delete(providerOutcomes);
});

let counter = 0;
const phone = () => `0803${String(7_100_000 + ++counter).padStart(7, "0")}`;

async function buyAirtime(c: Customer, to: string, amount = naira(1000)) {
  const answer = await server.buyAirtime(c, to, amount);
  if (!answer.data) throw new Error(`refused: ${answer.body.msg}`);
  return answer.data;
}

const rowOf = async (reference: string) =>
  (await server.db.select().from(transactions).where(eq(transactions.reference, reference)))[0];
const attemptsOf = async (id: string) =>
  server.db.select().from(purchaseAttempts).where(eq(purchaseAttempts.transactionId, id));
const vtpassPaysFor = (to: string) =>
  server.vtpass.requests.filter(
    (r) => r.path.endsWith("/pay") && (r.body as { phone?: string }).phone === to,
  );
/** VTpass's circuit as staff see it on the Providers page. */
async function vtpassCircuit() {
  const admin = await server.signedInOperator("admin");
  const overview = await server.sendOk("GET /sys.admin/providers", { token: admin.token });
  const vtpass = overview.providers.find((p) => p.name === "vtpass");
  if (!vtpass) throw new Error("no VTpass on the Providers page");
  return vtpass.circuit;
}
const vendorRecordsFor = (to: string) => server.msorg.records().filter((r) => r.recipient === to);

describe("failing over", () => {
  it("moves a purchase VTpass refused (016) to the vendor, who delivers it: one charge, the vendor's cost", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "016" });
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("successful");
    const row = await rowOf(bought.reference);
    // The vendor keeps a 4% commission on airtime.
    expect(row).toMatchObject({ provider: "msorg", cost: naira(1000) - naira(40) });
    expect(vendorRecordsFor(to)).toHaveLength(1);
    const [attempt, ...more] = await attemptsOf(row?.id ?? "");
    expect(more).toHaveLength(0);
    expect(attempt).toMatchObject({
      provider: "vtpass",
      reason: "The provider could not complete this purchase.",
    });
    expect(attempt?.note).toContain("016");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000) - bought.total);

    const staff = await server.signedInOperator("staff");
    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: row?.id ?? "" },
    });
    expect(detail.provider_label).toBe("SME-data vendor");
    expect(detail.attempts.map((a) => [a.provider_label, a.current])).toEqual([
      ["VTpass", false],
      ["SME-data vendor", true],
    ]);
    expect(detail.attempts[0]?.note).toContain("016");
    expect(detail.events.map((e) => e.note).join(" ")).toContain("VTpass did not sell it and kept nothing");
  });

  it("shows staff a vendor purchase whose answer was lost as unknown at the vendor until it is found", async () => {
    await server.db
      .insert(providerRoutes)
      .values({ service: "airtime", scope: "", providers: ["msorg", "vtpass"], updatedAt: new Date() });
    const c = await server.fundedCustomer(naira(5000));
    const to = "08037996666"; // the vendor simulator drops the connection after making the purchase
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("pending");
    const row = await rowOf(bought.reference);
    const staff = await server.signedInOperator("staff");
    const detail = await server.sendOk("GET /core/staff/transaction/:id", {
      token: staff.token,
      params: { id: row?.id ?? "" },
    });
    expect(detail.provider_standing).toBe("unknown at SME-data vendor");
    server.clock.advance(60_000);
    await requeryDue(server.deps);
    const found = await rowOf(bought.reference);
    expect(found?.providerReference).not.toBeNull();
    expect(found?.status).toBe("successful");
    expect(vtpassPaysFor(to)).toHaveLength(0);
  });

  it("sells from the vendor while VTpass is down, and from VTpass again once it is back (switched over HTTP)", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const down = (value: boolean) =>
      fetch(`${server.origin}/simulator/vtpass/control/down`, {
        method: "PUT",
        headers: { "secret-key": "SK_sim_vtpass_not_for_production", "content-type": "application/json" },
        body: JSON.stringify({ down: value }),
      });
    expect((await fetch(`${server.origin}/simulator/vtpass/control/down`, { method: "PUT" })).status).toBe(
      401,
    );
    expect((await down(true)).status).toBe(200);
    try {
      const bought = await buyAirtime(c, phone());
      expect(bought.status).toBe("successful");
      expect((await rowOf(bought.reference))?.provider).toBe("msorg");
    } finally {
      await down(false);
    }
    const after = await buyAirtime(c, phone());
    expect((await rowOf(after.reference))?.provider).toBe("vtpass");
  });

  it("never moves a purchase whose answer was unclear: it stays with VTpass until VTpass's requery settles it", async () => {
    const c = await server.fundedCustomer(naira(5000));
    for (const answer of [{ code: "099" }, { kind: "drop" as const }, { kind: "non-json" as const }]) {
      const to = phone();
      server.vtpass.script(to, { ...answer, keep: "pending" });
      const bought = await buyAirtime(c, to);
      expect(bought.status, JSON.stringify(answer)).toBe("pending");
      expect((await rowOf(bought.reference))?.provider).toBe("vtpass");
      expect(vendorRecordsFor(to)).toHaveLength(0);
    }
  });

  it("sells from the vendor when VTpass's own wallet is too low (018), and still tells staff about VTpass", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "018" });
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("successful");
    expect((await rowOf(bought.reference))?.provider).toBe("msorg");
    const admin = await server.signedInOperator("admin");
    const dashboard = await server.sendOk("GET /sys.admin/dashboard", { token: admin.token });
    expect(dashboard.provider_alerts).toContainEqual(
      expect.objectContaining({ provider: "vtpass", kind: "low_balance", title: "VTpass wallet too low" }),
    );
  });

  it("fails and refunds once when every provider refuses, keeping each try", async () => {
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    server.vtpass.script(to, { code: "016" });
    server.msorg.script(to, { httpStatus: 400, body: { error: ["Service currently unavailable"] } });
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("failed");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
    const row = await rowOf(bought.reference);
    expect(row?.provider).toBe("msorg");
    expect((await attemptsOf(row?.id ?? "")).map((a) => a.provider)).toEqual(["vtpass"]);
  });
});

describe("routes and health", () => {
  it("tries providers in the route staff saved for the network", async () => {
    await server.db
      .insert(providerRoutes)
      .values({ service: "airtime", scope: "1", providers: ["msorg", "vtpass"], updatedAt: new Date() });
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    const bought = await buyAirtime(c, to);
    expect((await rowOf(bought.reference))?.provider).toBe("msorg");
    expect(vtpassPaysFor(to)).toHaveLength(0);
  });

  it("skips a provider staff switched off", async () => {
    await server.db.insert(providerStates).values({ provider: "vtpass", switchedOff: true });
    const c = await server.fundedCustomer(naira(5000));
    const to = phone();
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("successful");
    expect(vtpassPaysFor(to)).toHaveLength(0);
  });

  it("opens VTpass's circuit after five definite failures in a row, then lets one purchase probe it when its time is up", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    for (let i = 0; i < 5; i += 1) {
      const to = phone();
      server.vtpass.script(to, { code: "030" });
      expect((await buyAirtime(c, to)).status).toBe("successful");
    }
    const skipped = phone();
    await buyAirtime(c, skipped);
    expect(vtpassPaysFor(skipped)).toHaveLength(0);

    server.clock.advance(5 * 60_000 + 1_000);
    const probe = phone();
    const probed = await buyAirtime(c, probe);
    expect(vtpassPaysFor(probe)).toHaveLength(1);
    expect((await rowOf(probed.reference))?.provider).toBe("vtpass");
    expect(await vtpassCircuit()).toMatchObject({ state: "closed", failures_in_row: 0, open_until: null });
  });

  it("counts failures in a row afresh after a delivery, so four, a sale and four more leave the circuit closed", async () => {
    const c = await server.fundedCustomer(naira(20_000));
    const refused = async (n: number) => {
      for (let i = 0; i < n; i += 1) {
        const to = phone();
        server.vtpass.script(to, { code: "030" });
        await buyAirtime(c, to);
      }
    };
    await refused(4);
    expect(await vtpassCircuit()).toMatchObject({ state: "closed", failures_in_row: 4 });
    const sold = phone();
    await buyAirtime(c, sold);
    expect(vtpassPaysFor(sold)).toHaveLength(1);
    await refused(4);
    expect(await vtpassCircuit()).toMatchObject({ state: "closed", failures_in_row: 4 });
    await refused(1);
    expect(await vtpassCircuit()).toMatchObject({ state: "open", failures_in_row: 5 });
  });

  it("starts the count afresh when staff close the circuit by hand", async () => {
    const admin = await server.signedInOperator("admin");
    const c = await server.fundedCustomer(naira(20_000));
    for (let i = 0; i < 5; i += 1) {
      const to = phone();
      server.vtpass.script(to, { code: "030" });
      await buyAirtime(c, to);
    }
    expect((await vtpassCircuit()).state).toBe("open");
    server.clock.advance(1_000);
    await server.sendOk("PATCH /sys.admin/providers/:name", {
      token: admin.token,
      params: { name: "vtpass" },
      body: { close_circuit: true },
    });
    expect(await vtpassCircuit()).toMatchObject({ state: "closed", failures_in_row: 0 });
    server.clock.advance(1_000);
    const to = phone();
    server.vtpass.script(to, { code: "030" });
    await buyAirtime(c, to);
    // One failure after the close, not six in a row: VTpass is still tried first.
    expect(await vtpassCircuit()).toMatchObject({ state: "closed", failures_in_row: 1 });
    const next = phone();
    await buyAirtime(c, next);
    expect(vtpassPaysFor(next)).toHaveLength(1);
  });

  it("sells to every customer while one purchase probes the only provider's circuit", async () => {
    const past = new Date(server.clock.now().getTime() - 1_000);
    await server.db.insert(providerStates).values([
      { provider: "msorg", switchedOff: true },
      { provider: "vtpass", circuitOpenUntil: past },
    ]);
    const c = await server.fundedCustomer(naira(5000));
    const bought = await Promise.all([
      buyAirtime(c, phone()),
      buyAirtime(c, phone()),
      buyAirtime(c, phone()),
    ]);
    expect(bought.map((b) => b.status)).toEqual(["successful", "successful", "successful"]);
    expect(await vtpassCircuit()).toMatchObject({ state: "closed", open_until: null });
  });

  it("tries last, rather than drops, a provider another purchase is probing just now", async () => {
    // Both purchases saw the circuit's time up; the other claimed the probe first.
    await server.db
      .insert(providerStates)
      .values({ provider: "vtpass", circuitOpenUntil: new Date(server.clock.now().getTime() + 60_000) });
    const offer = (provider: string) => ({
      provider,
      cost: 9_800,
      delivery: { service: "airtime" as const, serviceId: "1", phone: "08030000000", amount: 10_000 },
    });
    const alone = await claimedCandidates(server.deps, [{ ...offer("vtpass"), probe: true }]);
    expect(alone.map((o) => o.provider)).toEqual(["vtpass"]);
    const withOther = await claimedCandidates(server.deps, [
      { ...offer("vtpass"), probe: true },
      { ...offer("msorg"), probe: false },
    ]);
    expect(withOther.map((o) => o.provider)).toEqual(["msorg", "vtpass"]);
  });

  it("refuses the sale, holding nothing, when no provider may be tried", async () => {
    await server.db.insert(providerStates).values([
      { provider: "vtpass", switchedOff: true },
      { provider: "msorg", switchedOff: true },
    ]);
    const c = await server.fundedCustomer(naira(5000));
    const answer = await server.buyAirtime(c, phone(), naira(100));
    expect(answer.status).toBe(503);
    expect(answer.body.msg).toBe("This service is not available right now. Please try again shortly.");
    expect(await walletBalance(server.db, c.id)).toBe(naira(5000));
  });

  it("asks the vendor, not VTpass, about a purchase the vendor holds", async () => {
    await server.db
      .insert(providerRoutes)
      .values({ service: "airtime", scope: "", providers: ["msorg", "vtpass"], updatedAt: new Date() });
    const c = await server.fundedCustomer(naira(5000));
    const to = "08037991111"; // the vendor simulator: processing, delivered on the second requery
    const bought = await buyAirtime(c, to);
    expect(bought.status).toBe("pending");
    for (const _ of [1, 2]) {
      server.clock.advance(60_000);
      await requeryDue(server.deps);
    }
    expect((await rowOf(bought.reference))?.status).toBe("successful");
    expect(vtpassPaysFor(to)).toHaveLength(0);
  });
});

describe("the Providers console", () => {
  it("shows each provider's standing and health, and every route in PROVIDERS' order until one is saved", async () => {
    const admin = await server.signedInOperator("admin");
    const c = await server.fundedCustomer(naira(5000));
    await buyAirtime(c, phone());
    const overview = await server.sendOk("GET /sys.admin/providers", { token: admin.token });
    expect(overview.providers.map((p) => [p.name, p.label])).toEqual([
      ["vtpass", "VTpass"],
      ["msorg", "SME-data vendor"],
    ]);
    const vtpass = overview.providers[0];
    expect(vtpass?.circuit.state).toBe("closed");
    expect(vtpass?.health.successful).toBeGreaterThan(0);
    expect(vtpass?.health.p50_ms).not.toBeNull();
    expect(overview.routes.find((r) => r.service === "airtime" && r.scope === "1")).toMatchObject({
      label: "MTN airtime",
      providers: ["vtpass", "msorg"],
      saved: false,
    });
    expect(overview.routes.some((r) => r.scope === "1:sme" && r.label === "MTN data, SME")).toBe(true);
  });

  it("switches a provider off and reorders a route, each audited, and purchases follow at once", async () => {
    const admin = await server.signedInOperator("admin");
    const saved = await server.sendOk("PUT /sys.admin/provider-routes", {
      token: admin.token,
      body: { service: "airtime", scope: "1", providers: ["msorg", "vtpass"] },
    });
    expect(saved.routes.find((r) => r.scope === "1" && r.service === "airtime")).toMatchObject({
      providers: ["msorg", "vtpass"],
      saved: true,
    });
    const c = await server.fundedCustomer(naira(5000));
    const first = await buyAirtime(c, phone());
    expect((await rowOf(first.reference))?.provider).toBe("msorg");

    await server.sendOk("PATCH /sys.admin/providers/:name", {
      token: admin.token,
      params: { name: "msorg" },
      body: { switched_off: true },
    });
    const second = await buyAirtime(c, phone());
    expect((await rowOf(second.reference))?.provider).toBe("vtpass");

    const audit = await server.sendOk("GET /sys.admin/audit", { token: admin.token, query: { page: 1 } });
    const actions = audit.results.map((entry) => entry.action);
    expect(actions).toContain("route.update");
    expect(actions).toContain("provider.update");
  });

  it.each([
    [{ service: "airtime", scope: "1", providers: ["smedata"] }, "providers"],
    [{ service: "airtime", scope: "1", providers: ["vtpass", "vtpass"] }, "providers"],
    [{ service: "tv", scope: "1", providers: ["vtpass"] }, "scope"],
    [{ service: "airtime", scope: "1:sme", providers: ["vtpass"] }, "scope"],
    [{ service: "data", scope: "99", providers: ["vtpass"] }, "scope"],
    [{ service: "radio", scope: "", providers: [] }, "service"],
  ])("refuses the route %j naming %s, and saves nothing", async (body, field) => {
    const admin = await server.signedInOperator("admin");
    const answer = await server.put("sys.admin/provider-routes/", body, admin.token);
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toHaveProperty(field);
    expect(await server.db.select().from(providerRoutes)).toHaveLength(0);
  });

  it("refuses an empty change, an unknown provider, and staff", async () => {
    const admin = await server.signedInOperator("admin");
    const staff = await server.signedInOperator("staff");
    expect(
      (
        await server.send("PATCH /sys.admin/providers/:name", {
          token: admin.token,
          params: { name: "vtpass" },
          body: {},
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await server.send("PATCH /sys.admin/providers/:name", {
          token: admin.token,
          params: { name: "vtpass" },
          body: { circuit_minutes: 0 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await server.send("PATCH /sys.admin/providers/:name", {
          token: admin.token,
          params: { name: "nobody" },
          body: { switched_off: true },
        })
      ).status,
    ).toBe(404);
    expect((await server.send("GET /sys.admin/providers", { token: staff.token })).status).toBe(403);
  });
});
