import { randomUUID } from "node:crypto";
import { msorgTriggers } from "../../server/outside/msorg/simulator/msorgOutcomes";
import { lastFourTriggers, vtpassTestNumbers } from "../../server/outside/vtpass/simulator/vtpassOutcomes";
import { apiPath } from "./apiCall";
import type { Outcome } from "./closedLoop";
import type { BenchCustomer } from "./customers";
import type { HttpClient } from "./httpClient";
import type { Scenario } from "./options";

/** What every purchase buys: ₦100 of MTN airtime (₦98 after MTN's discount). */
export const purchaseOrder = {
  endpoint: "POST /core/customer/airtime",
  /** The api scenario's: the same airtime through OjaPay's API for programs, with a key and no PIN. */
  apiEndpoint: "POST /v1/purchases",
  networkId: 1,
  amountKobo: 10_000,
} as const;

const triggers = new Set<string>([...Object.values(lastFourTriggers), ...Object.values(msorgTriggers)]);
const testNumbers = new Set<string>(Object.values(vtpassTestNumbers));

/**
 * A new phone number for every purchase, so the app's 30-second guard against buying the same thing
 * twice never refuses one (allow_duplicate stays unset: the guard's query runs, as it does for a
 * first try in the app); none ends in either simulator's trigger, so VTpass, or the vendor a purchase
 * fails over to, delivers every one at once. Each load generator starts at its own `first`, so two
 * on one database (metrics off and on) never share a number either.
 */
export function recipients(first = 0) {
  let next = first;
  return () => {
    for (;;) {
      const phone = `0803${String(next++ % 10_000_000).padStart(7, "0")}`;
      if (!triggers.has(phone.slice(-4)) && !testNumbers.has(phone)) return phone;
    }
  };
}

/**
 * The customer a worker buys for: its own (worker i, customer i mod 32), or everyone the first one's
 * (hot). Failover buys as distinct does, so the two differ only in the provider's answers.
 */
export function customerFor(customers: readonly BenchCustomer[], scenario: Scenario, worker: number) {
  const customer = customers[scenario === "hot" ? 0 : worker % customers.length];
  if (!customer) throw new Error("no customers were prepared");
  return customer;
}

/**
 * One purchase through the real endpoint: only a 200 whose transaction is `successful` counts; any
 * other answer is an error, described by its status and refusal code.
 */
export function purchaseOperation(
  client: HttpClient,
  customers: readonly BenchCustomer[],
  scenario: Scenario,
  nextPhone: () => string,
) {
  const byKey = scenario === "api";
  const path = apiPath(byKey ? purchaseOrder.apiEndpoint : purchaseOrder.endpoint);
  return async (worker: number): Promise<Outcome> => {
    const customer = customerFor(customers, scenario, worker);
    const order = {
      network_id: purchaseOrder.networkId,
      phone: nextPhone(),
      amount: purchaseOrder.amountKobo,
      request_id: randomUUID(),
    };
    const answer = byKey
      ? await client.post(path, { kind: "airtime", ...order }, customer.key)
      : await client.post(path, { ...order, pin: customer.pin }, customer.token);
    const body = answer.body as { code?: string; data?: { status?: string } } | string;
    if (typeof body === "string") return `${answer.status} (not JSON)`;
    if (answer.status === 200 && body.data?.status === "successful") return null;
    return `${answer.status} ${body.code ?? body.data?.status ?? "?"}`;
  };
}
