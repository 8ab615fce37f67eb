import { and, eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  providerRoutes,
  providerStates,
  purchaseAttempts,
  transactions,
  wallets,
} from "../../server/db/schema";
import type { MsorgScriptedAnswer } from "../../server/outside/msorg/simulator/msorgSimulator";
import type { ScriptedAnswer } from "../../server/outside/vtpass/simulator/vtpassSimulator";
import { purchaseKindsLiteral } from "../../server/services/kyc/tierLimits";
import { holdRows } from "../../server/services/purchases/placePurchase";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { expectBalancesMatchTransactions, expectLedgerConsistent } from "./support/ledgerInvariants";
import { serverForFile } from "./support/serverForFile";

/**
 * Routing never delivers twice (issue 25): under random interleavings of purchases run side by side
 * (on Postgres truly at once), each provider's every kind of answer, staff reordering routes and
 * switching providers, VTpass going down, crashes between the hold and the call and between a
 * refusal and its record, and requeries, every purchase ends delivered exactly once or refunded
 * with nothing delivered, and the ledger balances.
 */
// A short time limit (a call never answered costs a run only this long), but not so short that a
// loaded machine's ordinary answers miss it.
const server = serverForFile({
  PROVIDER_TIMEOUT_MS: "1000",
  SESSION_IDLE_MINUTES: "1440",
  SESSION_MAX_HOURS: "720",
});

/** What VTpass does with one purchase. */
const vtpassAnswers: Record<string, ScriptedAnswer | null> = {
  delivers: null,
  refuses016: { code: "016" },
  biller030: { code: "030" },
  processing: { code: "099", keep: "pending" },
  processingThenFails: { code: "099", keep: "failed" },
  drops: { kind: "drop", keep: "delivered" },
  notJson: { kind: "non-json", keep: "delivered" },
  neverReceived: { kind: "no-answer", keep: "none" },
};
/** What the vendor does with one purchase. */
const vendorAnswers: Record<string, MsorgScriptedAnswer | null> = {
  delivers: null,
  failedRecord: { Status: "failed" },
  refuses400: { httpStatus: 400, body: { error: ["Insufficient balance"] } },
  processing: { Status: "processing" },
  notJson: { kind: "non-json" },
  noAnswer: { kind: "no-answer" },
};

const purchase = fc.record({
  type: fc.constant("buy" as const),
  vtpass: fc.constantFrom(...Object.keys(vtpassAnswers)),
  vendor: fc.constantFrom(...Object.keys(vendorAnswers)),
});
const command = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(purchase, { minLength: 1, maxLength: 4 })
      .map((buys) => ({ type: "together" as const, buys })),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant("crashBeforeCall" as const), vtpassFirst: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("crashAfterRefusal" as const) }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant("requery" as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("route" as const), vendorFirst: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("switch" as const),
      provider: fc.constantFrom("vtpass", "msorg"),
      off: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("down" as const), down: fc.boolean() }) },
);
type Command = typeof command extends fc.Arbitrary<infer T> ? T : never;

let counter = 0;
/** A number no other purchase uses, so each simulator's records tell whose they are. */
const freshPhone = () => `0805${String(1_000_000 + ++counter).padStart(7, "0")}`;

async function run(commands: Command[]) {
  const customer = await server.fundedCustomer(20_000_00);
  const mine: string[] = [];
  const buy = async (script: { vtpass: string; vendor: string }) => {
    const to = freshPhone();
    const vtpass = vtpassAnswers[script.vtpass];
    const vendor = vendorAnswers[script.vendor];
    if (vtpass) server.vtpass.script(to, vtpass);
    if (vendor) server.msorg.script(to, vendor);
    const answer = await server.buyAirtime(customer, to, 100_00);
    // A sale refused before any money moved (every circuit open, every provider off) is fine; any
    // other 5xx is not.
    if (answer.body.code !== "product_unavailable")
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
    if (answer.data) mine.push(answer.data.reference);
  };
  /** The state a crash leaves: money held, the purchase at its first provider, and nothing more written. */
  const heldOnly = async (provider: "vtpass" | "msorg") => {
    const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, customer.id));
    const to = freshPhone();
    const delivery = {
      service: "airtime" as const,
      serviceId: provider === "vtpass" ? "mtn" : "1",
      phone: to,
      amount: 100_00,
    };
    const rows = holdRows(server.deps, {
      user: { id: customer.id },
      walletId: wallet?.id ?? "",
      requestId: crypto.randomUUID(),
      hash: "c".repeat(64),
      scope: "airtime",
      order: {
        kind: "airtime",
        recipient: to,
        quote: { amount: 100_00, fee: 0, discount: 0, total: 100_00 },
        description: `MTN airtime for ${to}`,
        product: "MTN ₦100 airtime",
        customerName: null,
        offers: [],
        routeScope: { networkId: 1, planType: null },
      },
      offer: { provider, cost: 97_00, delivery },
    });
    const [held] = await server.db
      .select({
        answer: sql<{ outcome: string }>`purchase_hold(${customer.id}::uuid, ${wallet?.id}::uuid,
          ${rows.request.request_id}::uuid, 'airtime', ${to}, 10000, null,
          ${purchaseKindsLiteral}::text[], 100000000000, ${JSON.stringify(rows)}::jsonb, null, null)`,
      })
      .from(sql`(select 1) as one`);
    expect(held?.answer.outcome).toBe("held");
    mine.push(String(rows.purchase.reference));
    return { to, requestId: String(rows.purchase.provider_request_id), delivery };
  };

  for (const step of commands) {
    switch (step.type) {
      case "together":
        await Promise.all(step.buys.map(buy));
        break;
      case "crashBeforeCall":
        await heldOnly(step.vtpassFirst ? "vtpass" : "msorg");
        break;
      case "crashAfterRefusal": {
        // VTpass refused (nothing kept) and the process died before moving the purchase on.
        const { to, requestId, delivery } = await heldOnly("vtpass");
        server.vtpass.script(to, { code: "016" });
        await server.deps.providers.get("vtpass").buy(requestId, delivery);
        break;
      }
      case "requery":
        server.clock.advance(step.minutes * 60_000);
        await Promise.all([requeryDue(server.deps), requeryDue(server.deps)]);
        break;
      case "route":
        await server.db.delete(providerRoutes);
        if (step.vendorFirst)
          await server.db.insert(providerRoutes).values({
            service: "airtime",
            scope: "",
            providers: ["msorg", "vtpass"],
            updatedAt: server.clock.now(),
          });
        break;
      case "switch":
        await server.db
          .insert(providerStates)
          .values({ provider: step.provider, switchedOff: step.off })
          .onConflictDoUpdate({ target: providerStates.provider, set: { switchedOff: step.off } });
        break;
      case "down":
        server.vtpass.setDown(step.down);
        break;
    }
    await expectLedgerConsistent(server.db);
  }

  // Then everything is let finish: every provider up, every processing record settled, time passes.
  server.vtpass.setDown(false);
  // Rounds until nothing is pending (a requery that itself ran out of time is asked again next round).
  for (let round = 0; round < 20; round += 1) {
    for (const record of server.msorg.records())
      if (record.status === "processing") server.msorg.settle(record.id);
    const waiting = await server.db
      .select({ requestId: transactions.providerRequestId })
      .from(transactions)
      .where(and(eq(transactions.status, "pending"), eq(transactions.provider, "vtpass")));
    for (const { requestId } of waiting)
      if (requestId && server.vtpass.transaction(requestId)?.status === "pending")
        await server.vtpass.settle(requestId);
    server.clock.advance(31 * 60_000);
    while ((await requeryDue(server.deps)) > 0) {}
    const left = await server.db.$count(transactions, eq(transactions.status, "pending"));
    if (left === 0) break;
  }
  await expectLedgerConsistent(server.db);
  await expectBalancesMatchTransactions(server.db);

  const rows = mine.length
    ? await server.db.select().from(transactions).where(inArray(transactions.reference, mine))
    : [];
  for (const row of rows) {
    const tries = await server.db
      .select()
      .from(purchaseAttempts)
      .where(eq(purchaseAttempts.transactionId, row.id));
    const requestIds = [...tries.map((t) => t.requestId), row.providerRequestId ?? ""];
    const vtpassDelivered = requestIds.filter(
      (id) => server.vtpass.transaction(id)?.status === "delivered",
    ).length;
    const vendorDelivered = server.msorg
      .records()
      .filter((r) => r.recipient === row.recipient && r.status === "successful").length;
    const delivered = vtpassDelivered + vendorDelivered;
    const where = `${row.reference} (${row.status}, tried ${[...tries.map((t) => t.provider), row.provider].join(" → ")})`;
    expect(delivered, where).toBeLessThanOrEqual(1);
    if (row.status === "successful") expect(delivered, where).toBe(1);
    if (row.status === "failed") expect(delivered, where).toBe(0);
    expect(row.status, where).not.toBe("pending");
  }
}

describe("routing across providers", () => {
  it("delivers every purchase once or refunds it with nothing delivered, whatever the providers answer and whenever a process dies", async () => {
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 12 }), run), {
      numRuns: Number(process.env.ROUTING_PROPERTY_RUNS ?? 12),
      endOnFailure: true,
    });
  }, 600_000);
});
