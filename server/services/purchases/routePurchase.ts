import { and, eq, inArray, lte, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../db/database";
import { writeStep } from "../../db/oneStatement";
import { preparedOnce } from "../../db/preparedOnce";
import {
  providerProducts,
  providerRoutes,
  providerStates,
  purchaseAttempts,
  transactionEvents,
  transactions,
} from "../../db/schema";
import type { Provider, ProviderOrder, ProviderResult } from "../../outside/provider";
import { Refusal } from "../../refusal";
import { raiseProviderAlert } from "../routing/providerAlerts";
import { circuitFailed, outcomeInsert } from "../routing/providerHealth";
import { type Offer, type ProviderStanding, routeCandidates } from "../routing/routeCandidates";
import { routeOrder, routeScopes, type SavedRoute } from "../routing/routeOrder";
import type { TransactionRow } from "../transactions/transactionRecords";
import { askProvider, notReached } from "./askProvider";
import type { Order } from "./order";
import type { PurchaseDeps } from "./placePurchase";

/** What routing reads in the purchase's first statement: the service's saved routes, every provider's standing. */
export interface RoutingFacts {
  routes: SavedRoute[];
  states: ProviderStanding[];
}

/** The first statement's part that reads `RoutingFacts` (for `service`, by default its placeholder). */
export function routingLookup(service: SQL | Placeholder | string = sql.placeholder("service")) {
  const r = providerRoutes;
  const s = providerStates;
  return sql<RoutingFacts>`jsonb_build_object(
    'routes', (select coalesce(jsonb_agg(jsonb_build_object('scope', ${r.scope}, 'providers', ${r.providers})), '[]'::jsonb)
      from ${r} where ${r.service} = ${service}),
    'states', (select coalesce(jsonb_agg(jsonb_build_object(
        'provider', ${s.provider}, 'switchedOff', ${s.switchedOff}, 'circuitOpenUntil', ${s.circuitOpenUntil},
        'balance', ${s.balance}, 'minSuccessPercent', ${s.minSuccessPercent}, 'successPercent', ${s.successPercent})), '[]'::jsonb)
      from ${s}))`;
}

const unavailable = () =>
  new Refusal("product_unavailable", "This service is not available right now. Please try again shortly.");

/** The offers to try, in route order, for what the first statement read; refused when none may be tried. */
export function candidatesFor(
  deps: Pick<PurchaseDeps, "providers" | "clock">,
  order: Pick<Order, "offers" | "routeScope">,
  facts: RoutingFacts | null,
) {
  const routes = facts?.routes ?? [];
  const states = (facts?.states ?? []).map((s) => ({
    ...s,
    circuitOpenUntil: s.circuitOpenUntil ? new Date(s.circuitOpenUntil) : null,
    balance: s.balance === null ? null : Number(s.balance),
  }));
  const scopes = routeScopes(order.routeScope.networkId, order.routeScope.planType);
  const names = deps.providers.list.map((provider) => provider.name);
  const tried = routeOrder(routes, scopes, names);
  const routed = routeCandidates(tried, order.offers, states, deps.providers.has, deps.clock.now());
  if (routed.candidates.length === 0) throw unavailable();
  return routed.candidates;
}

/**
 * A provider whose circuit's time is up is tried by one purchase at a time: the one that moves its
 * reopening on first. Answers whether this purchase may probe it.
 */
export async function claimProbe(
  deps: Pick<PurchaseDeps, "db" | "clock">,
  provider: string,
): Promise<boolean> {
  const now = deps.clock.now();
  const s = providerStates;
  const claimed = await deps.db
    .update(s)
    .set({
      circuitOpenUntil: sql`${now.toISOString()}::timestamptz + ${s.circuitMinutes} * interval '1 minute'`,
    })
    .where(and(eq(s.provider, provider), lte(s.circuitOpenUntil, now)))
    .returning({ provider: s.provider });
  return claimed.length > 0;
}

/**
 * The candidates with the probes this purchase could not claim (another purchase is probing) moved
 * last: like any provider with its circuit open, tried only after the others refused safely, or when
 * there is no other.
 */
export async function claimedCandidates(
  deps: Pick<PurchaseDeps, "db" | "clock">,
  candidates: (Offer & { probe: boolean })[],
): Promise<Offer[]> {
  const kept: Offer[] = [];
  const last: Offer[] = [];
  for (const candidate of candidates) {
    if (!candidate.probe || (await claimProbe(deps, candidate.provider))) kept.push(candidate);
    else last.push(candidate);
  }
  return [...kept, ...last];
}

export interface Asked {
  answer: ProviderResult;
  held: TransactionRow;
  latencyMs: number;
}

/**
 * Sends the held purchase to its provider and, while the answer proves that provider kept nothing
 * (`safeToFailOver`), on to the next candidate: each move is one statement that records the try,
 * counts it against the provider's health and circuit, and hands the purchase to the next provider
 * only while it is still pending with the one that refused, unclaimed by the requery worker. Any
 * other answer is the purchase's own to settle.
 */
export async function sendAlong(
  deps: PurchaseDeps,
  held: TransactionRow,
  candidates: Offer[],
): Promise<Asked> {
  let current = held;
  for (let next = 1; ; next += 1) {
    const provider = deps.providers.get(current.provider ?? "");
    const started = performance.now();
    const answer = await askProvider(
      (signal) => provider.buy(current.providerRequestId ?? "", current.order as Offer["delivery"], signal),
      deps.logger,
      current.reference,
      notReached,
    );
    const latencyMs = Math.round(performance.now() - started);
    const following = candidates[next];
    if (answer.status !== "failed" || !answer.safeToFailOver || !following)
      return { answer, held: current, latencyMs };
    const moved = await moveOn(deps, current, answer, latencyMs, following);
    if (answer.alert) {
      // The provider refused our own account (its wallet, our keys): staff must know though the next sold it.
      const provider = current.provider ?? "";
      await raiseProviderAlert(deps.db, deps.clock, provider, answer.alert, answer.note ?? answer.reason);
      deps.logger.error(
        { alert: answer.alert, reference: current.reference, provider },
        "a provider refused our account",
      );
    }
    if (!moved) return { answer, held: current, latencyMs };
    current = moved;
  }
}

async function moveOn(
  deps: PurchaseDeps,
  from: TransactionRow,
  answer: Extract<ProviderResult, { status: "failed" }>,
  latencyMs: number,
  to: Offer,
): Promise<TransactionRow | null> {
  const now = deps.clock.now();
  const provider = deps.providers.get(to.provider);
  const requestId = provider.newRequestId(now);
  const fromLabel = deps.providers.labelOf(from.provider ?? "");
  const said = answer.note ? ` (${answer.note})` : "";
  const values = {
    id: from.id,
    fromProvider: from.provider,
    attempts: from.requeryAttempts,
    toProvider: to.provider,
    requestId,
    order: JSON.stringify(to.delivery),
    cost: to.cost,
    at: now.toISOString(),
    nextRequeryAt: new Date(
      now.getTime() + deps.config.providerTimeoutMs + deps.config.requeryBaseDelayMs,
    ).toISOString(),
    fromRequestId: from.providerRequestId ?? "",
    fromReference: answer.providerReference ?? from.providerReference,
    note: answer.note ?? "",
    reason: answer.reason,
    sentAt: (from.providerSentAt ?? from.createdAt).toISOString(),
    latencyMs,
    service: from.kind,
    event: `${fromLabel} did not sell it and kept nothing: ${answer.reason}${said} Sent to ${provider.label} as request ${requestId}.`,
  };
  const [row] = await moveStatement(deps.db).execute(values);
  return row ? { ...from, ...rowOf(row) } : null;
}

const rowOf = (row: {
  provider: string | null;
  providerRequestId: string | null;
  order: unknown;
  cost: number;
  providerSentAt: Date | null;
  nextRequeryAt: Date | null;
}) => ({
  ...row,
  providerReference: null,
});

/** `moveOn`'s one statement, prepared once. */
const moveStatement = (db: Queryable) =>
  preparedOnce(db, "purchase_move_on", (db, name) => {
    const p = (key: string) => sql.placeholder(key);
    const at = sql`${p("at")}::timestamptz`;
    const t = transactions;
    const moved = db
      .update(t)
      .set({
        provider: sql`${p("toProvider")}`,
        providerRequestId: sql`${p("requestId")}`,
        providerReference: null,
        order: sql`${p("order")}::jsonb`,
        cost: sql`${p("cost")}::bigint`,
        providerSentAt: at,
        nextRequeryAt: sql`${p("nextRequeryAt")}::timestamptz`,
        updatedAt: at,
      })
      .where(
        and(
          eq(t.id, sql`${p("id")}::uuid`),
          eq(t.status, "pending"),
          eq(t.provider, sql`${p("fromProvider")}`),
          eq(t.requeryAttempts, sql`${p("attempts")}::integer`),
        ),
      )
      .returning({
        id: t.id,
        provider: t.provider,
        providerRequestId: t.providerRequestId,
        order: t.order,
        cost: t.cost,
        providerSentAt: t.providerSentAt,
        nextRequeryAt: t.nextRequeryAt,
      });
    const a = purchaseAttempts;
    const ev = transactionEvents;
    const col = (c: { name: string }) => sql.identifier(c.name);
    return db
      .with(
        writeStep(db, "moved", moved),
        writeStep(
          db,
          "attempt_recorded",
          sql`insert into ${a} (${col(a.transactionId)}, ${col(a.provider)}, ${col(a.requestId)}, ${col(a.providerReference)}, ${col(a.note)}, ${col(a.reason)}, ${col(a.sentAt)}, ${col(a.latencyMs)})
            select moved.id, ${p("fromProvider")}, ${p("fromRequestId")}, ${p("fromReference")}, ${p("note")}, ${p("reason")}, ${p("sentAt")}::timestamptz, ${p("latencyMs")}::integer from moved`,
        ),
        writeStep(
          db,
          "event_recorded",
          sql`insert into ${ev} (${col(ev.transactionId)}, ${col(ev.status)}, ${col(ev.note)}, ${col(ev.createdAt)})
            select moved.id, 'pending', ${p("event")}, ${at} from moved`,
        ),
        writeStep(
          db,
          "outcome_recorded",
          outcomeInsert("failed", {
            provider: p("fromProvider"),
            service: p("service"),
            latencyMs: p("latencyMs"),
            at,
            breaks: sql`true`,
          }),
        ),
        writeStep(db, "circuit_counted", circuitFailed(p("fromProvider"), at)),
      )
      .select({
        provider: sql<string>`moved.provider`,
        providerRequestId: sql<string>`moved.provider_request_id`,
        order: sql<unknown>`moved."order"`,
        cost: sql<number>`moved.cost`.mapWith(Number),
        providerSentAt: sql<Date>`moved.provider_sent_at`.mapWith(t.providerSentAt),
        nextRequeryAt: sql<Date>`moved.next_requery_at`.mapWith(t.nextRequeryAt),
      })
      .from(sql`moved`)
      .prepare(name);
  });

/**
 * Who checks a smartcard or meter before the customer chooses to buy: the provider the route would
 * send the purchase to first, with its id for the TV provider or disco (`productIds`: the products
 * any of whose offers will do: a TV provider's bouquets, a disco).
 */
export async function checkingProvider(
  deps: Pick<PurchaseDeps, "db" | "providers" | "clock">,
  service: "tv" | "electricity" | "exam_pin",
  productIds: number[],
): Promise<{ provider: Provider; serviceId: string; variationCode: string }> {
  const pp = providerProducts;
  const [rows, [facts]] = await Promise.all([
    deps.db
      .select()
      .from(pp)
      .where(
        and(
          eq(pp.service, service),
          inArray(pp.productId, productIds.length ? productIds : [-1]),
          eq(pp.enabled, true),
        ),
      ),
    deps.db.select({ routing: routingLookup(service) }).from(sql`(select 1) as one`),
  ]);
  // Only who sells it and under what id matter for a check: one offer per provider, no cost to route by.
  const seen = new Set<string>();
  const offers = rows
    .filter((row) => !seen.has(row.provider) && seen.add(row.provider))
    .map((row) => ({
      provider: row.provider,
      cost: 0,
      delivery: {
        service: "exam_pin" as const,
        serviceId: row.serviceId,
        variationCode: row.variationCode ?? "",
        productId: row.productId,
        quantity: 1,
        phone: "",
        amount: 0,
      },
    }));
  const [first] = candidatesFor(
    deps,
    { offers, routeScope: { networkId: null, planType: null } },
    facts?.routing ?? null,
  );
  if (!first) throw unavailable();
  const delivery = first.delivery as Extract<ProviderOrder, { service: "exam_pin" }>;
  return {
    provider: deps.providers.get(first.provider),
    serviceId: delivery.serviceId,
    variationCode: delivery.variationCode,
  };
}
