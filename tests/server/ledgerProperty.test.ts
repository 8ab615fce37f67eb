import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sandboxSignatureHeader, sign } from "../../server/gateways/sandboxGateway";
import { requeryDue } from "../../server/services/purchases/requeryWorker";
import { expectBalancesMatchTransactions, expectLedgerConsistent } from "./support/ledgerInvariants";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
let dataPlanIds: number[] = [];
beforeAll(async () => {
  server = await createTestServer();
  const plans = (await server.get("core/customer/fetch/data/1", (await server.signedInCustomer()).token)).body
    .data as Array<{ id: number }>;
  dataPlanIds = plans.map((p) => p.id);
});
afterAll(() => server.close());

const secret = "sandbox-webhook-secret-not-for-production";
/** The sandbox's outcome triggers, and an ordinary number that just works. */
const suffix = fc.constantFrom("5678", "0000", "1111", "2222", "3333");
const who = fc.nat({ max: 2 });

// Weighted towards purchases, the commands with the most ways to go wrong.
const command = fc.oneof(
  {
    arbitrary: fc.record({
      type: fc.constant("staffFund" as const),
      who,
      amount: fc.integer({ min: 100, max: 2_000_000 }),
    }),
    weight: 2,
  },
  fc.record({
    type: fc.constant("gatewayFund" as const),
    who,
    amount: fc.integer({ min: 10_000, max: 800_000 }),
    pay: fc.boolean(),
    copies: fc.integer({ min: 1, max: 3 }),
  }),
  {
    arbitrary: fc.record({
      type: fc.constant("buy" as const),
      who,
      product: fc.constantFrom("airtime", "data", "electricity"),
      suffix,
      amount: fc.integer({ min: 5_000, max: 400_000 }),
      copies: fc.integer({ min: 1, max: 3 }),
      sameRequestId: fc.boolean(),
      allowDuplicate: fc.boolean(),
    }),
    weight: 5,
  },
  { arbitrary: fc.record({ type: fc.constant("retry" as const), pick: fc.nat() }), weight: 2 },
  {
    arbitrary: fc.record({ type: fc.constant("requery" as const), ms: fc.integer({ min: 0, max: 40_000 }) }),
    weight: 2,
  },
  fc.record({ type: fc.constant("replayWebhook" as const), pick: fc.nat() }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

type Customer = Awaited<ReturnType<TestServer["fundedCustomer"]>>;

function purchase(
  c: Customer,
  cmd: Extract<Command, { type: "buy" }>,
  requestId: string,
): { path: string; body: Record<string, unknown> } {
  const phone = `0803123${cmd.suffix}`;
  const base = { pin: c.pin, request_id: requestId, ...(cmd.allowDuplicate && { allow_duplicate: true }) };
  if (cmd.product === "airtime") {
    return { path: "core/customer/airtime/", body: { network_id: 1, phone, amount: cmd.amount, ...base } };
  }
  if (cmd.product === "data") {
    const plan_id = dataPlanIds[cmd.amount % dataPlanIds.length];
    return { path: "core/customer/data-bundle/", body: { plan_id, phone, ...base } };
  }
  return {
    path: "core/customer/electricity/",
    body: {
      action: "buy",
      disco_id: 3,
      meter_number: `4507123${cmd.suffix}`,
      meter_type: "prepaid",
      amount: cmd.amount + 100_000,
      phone,
      ...base,
    },
  };
}

async function run(start: number[], commands: Command[]) {
  const customers: Customer[] = [];
  for (const balance of start) customers.push(await server.fundedCustomer(balance));
  const sent: Array<{ path: string; body: Record<string, unknown>; token: string }> = [];
  const webhooks: string[] = [];

  for (const cmd of commands) {
    switch (cmd.type) {
      case "staffFund": {
        await server.fund((customers[cmd.who] as Customer).id, cmd.amount);
        break;
      }
      case "gatewayFund": {
        const c = customers[cmd.who] as Customer;
        const opened = await server.post(
          "core/customer/wallet/fund/",
          { amount: cmd.amount, request_id: crypto.randomUUID() },
          c.token,
        );
        const { reference } = opened.body.data as { reference: string };
        const raw = JSON.stringify({
          event: cmd.pay ? "charge.success" : "charge.failed",
          data: {
            id: `evt_${crypto.randomUUID()}`,
            reference,
            amount: cmd.amount,
            currency: "NGN",
            status: cmd.pay ? "success" : "failed",
          },
        });
        webhooks.push(raw);
        await Promise.all(
          Array.from({ length: cmd.copies }, () =>
            server.app.request("/api/webhooks/sandbox/", {
              method: "POST",
              body: raw,
              headers: { [sandboxSignatureHeader]: sign(secret, raw) },
            }),
          ),
        );
        break;
      }
      case "buy": {
        const c = customers[cmd.who] as Customer;
        const shared = crypto.randomUUID();
        const requests = Array.from({ length: cmd.copies }, () =>
          purchase(c, cmd, cmd.sameRequestId ? shared : crypto.randomUUID()),
        );
        for (const r of requests) sent.push({ ...r, token: c.token });
        const answers = await Promise.all(requests.map((r) => server.post(r.path, r.body, c.token)));
        for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBeLessThan(500);
        break;
      }
      case "retry": {
        const earlier = sent[cmd.pick % Math.max(sent.length, 1)];
        if (earlier)
          expect((await server.post(earlier.path, earlier.body, earlier.token)).status).toBeLessThan(500);
        break;
      }
      case "requery": {
        server.clock.advance(cmd.ms);
        await requeryDue(server.deps);
        break;
      }
      case "replayWebhook": {
        const raw = webhooks[cmd.pick % Math.max(webhooks.length, 1)];
        if (raw) {
          const res = await server.app.request("/api/webhooks/sandbox/", {
            method: "POST",
            body: raw,
            headers: { [sandboxSignatureHeader]: sign(secret, raw) },
          });
          expect(((await res.json()) as { data: { outcome: string } }).data.outcome).toBe("duplicate");
        }
        break;
      }
    }
    await expectLedgerConsistent(server.db);
    await expectBalancesMatchTransactions(server.db);
  }
}

describe("the ledger under random use", () => {
  it("keeps every money rule after every step of any sequence", async () => {
    const balance = fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 3_000_000 }));
    const startingBalances = fc.array(balance, { minLength: 3, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(startingBalances, fc.array(command, { minLength: 5, maxLength: 25 }), run),
      {
        numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 20),
        endOnFailure: true,
      },
    );
  }, 240_000);
});
