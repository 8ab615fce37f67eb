import { and, asc, eq } from "drizzle-orm";
import type { ScheduleCreateBody, ScheduleKind } from "../../../schemas/schedules";
import type { PurchaseKind } from "../../../schemas/transactions";
import { tvPlans } from "../../db/schema";
import type { UserRow } from "../../deps";
import { fieldRefusal } from "../../refusal";
import { bulkFactsOf } from "../bulk/bulkFacts";
import { lookUp } from "../bulk/bulkJudge";
import { dailyLimitRefusal } from "../kyc/tierLimits";
import { purchaseRequest } from "../purchases/kinds/purchaseKinds";
import { checkRenewalPrice, tv } from "../purchases/kinds/tv";
import type { PurchaseDeps } from "../purchases/placePurchase";
import { candidatesFor } from "../purchases/routePurchase";

type OrderDeps = Pick<PurchaseDeps, "db" | "clock" | "providers">;

/** The purchase kind each schedule kind makes. */
export const purchaseKindOf: Record<ScheduleKind, Extract<PurchaseKind, "airtime" | "data" | "tv">> = {
  airtime: "airtime",
  data: "data",
  tv_renewal: "tv",
};

/** What a schedule buys: the purchase's order as its own schema takes it, and how it reads. */
export interface PlannedOrder {
  order: Record<string, unknown>;
  description: string;
}

/**
 * The order checked as the purchase it makes would be, but for the wallet and what was spent today
 * (a run is judged on its own day): the catalogue, the price at the customer's level, a provider to
 * route it to, and a price within the daily limit. Sales paused refuses it too.
 */
export async function checkOrder(
  deps: OrderDeps,
  user: UserRow,
  kind: ScheduleKind,
  order: Record<string, unknown>,
): Promise<PlannedOrder> {
  const purchaseKind = purchaseKindOf[kind];
  const facts = await bulkFactsOf(deps, user, purchaseKind);
  const request = purchaseRequest(deps.db, purchaseKind, order as never);
  const found = request.catalogue ? await lookUp(deps.db, request.catalogue, user.priceLevel) : null;
  const priced = await request.price(found, facts.pricing);
  candidatesFor(deps, priced, facts.routing);
  if (priced.quote.total > facts.dailyLimit)
    throw dailyLimitRefusal(facts.dailyLimit, user.kycTier, 0, priced.quote.total);
  return { order, description: priced.description };
}

/** A smartcard as the provider says now: its holder, due date and the bouquet a renewal buys. */
export async function smartcardNow(
  deps: OrderDeps,
  order: { provider_id: number; smartcard: string; plan_id?: number | undefined },
) {
  const found = await tv.checkRecipient(deps, order);
  if (!found.due_date)
    throw fieldRefusal(
      "smartcard",
      "The provider gives no due date for this smartcard, so a renewal cannot be timed. Buy its bouquet instead.",
    );
  let planId = order.plan_id;
  if (planId === undefined) {
    const plans = await deps.db
      .select()
      .from(tvPlans)
      .where(and(eq(tvPlans.providerId, order.provider_id), eq(tvPlans.enabled, true)))
      .orderBy(asc(tvPlans.sortOrder), asc(tvPlans.id));
    const plan =
      plans.find((p) => p.name === found.current_plan) ?? plans.find((p) => p.price === found.renewal_amount);
    if (!plan) throw fieldRefusal("plan_id", "Choose the bouquet to renew.");
    planId = plan.id;
  }
  return { name: found.customer_name, dueDate: found.due_date, planId, found };
}

/** The order a new schedule buys, from its body (the PIN and calendar aside), and for a renewal its smartcard now. */
export async function plannedOrder(deps: OrderDeps, user: UserRow, body: ScheduleCreateBody) {
  if (body.kind === "tv_renewal") {
    const card = await smartcardNow(deps, body);
    const order = {
      provider_id: body.provider_id,
      plan_id: card.planId,
      smartcard: body.smartcard,
      phone: user.phone,
      subscription_type: "renew",
    };
    const checked = await checkOrder(deps, user, body.kind, order);
    // Refused now, as its purchase would refuse it at every run (tv.ts), rather than skipped until it pauses.
    const [plan] = await deps.db
      .select({ price: tvPlans.price })
      .from(tvPlans)
      .where(eq(tvPlans.id, card.planId));
    checkRenewalPrice(card.found, plan?.price ?? 0, "plan_id", false);
    return { ...checked, card };
  }
  const order =
    body.kind === "airtime"
      ? { network_id: body.network_id, phone: body.phone, amount: body.amount }
      : { plan_id: body.plan_id, phone: body.phone };
  return { ...(await checkOrder(deps, user, body.kind, order)), card: null };
}
