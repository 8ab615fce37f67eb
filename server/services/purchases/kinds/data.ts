import { eq, sql } from "drizzle-orm";
import { msorgDataBody } from "../../../../schemas/msorgDialect";
import { planQuote } from "../../../../schemas/pricing";
import type { DataOrder } from "../../../../schemas/purchases";
import type { Queryable } from "../../../db/database";
import { rowFromJson } from "../../../db/jsonRows";
import { dataPlans, levelPlanPrices, networks } from "../../../db/schema";
import { fieldRefusal, Refusal } from "../../../refusal";
import { dataService, priceAtLevel } from "../../levels/priceLevels";
import { msorgKind } from "../../resellers/msorgKind";
import type { Order } from "../order";
import { offerOf, offerRows, offersOf, planOffer } from "./offerLookups";
import type { KindRequest, PurchaseKindModule } from "./purchaseKind";

function dataRequest(_db: Queryable, body: DataOrder): KindRequest {
  return {
    catalogue: {
      name: "data_plan",
      query: () =>
        sql`select jsonb_build_object('plan', to_jsonb(${dataPlans}), 'network', to_jsonb(${networks}), 'offers', ${offersOf("data", dataPlans.id)}, 'fixed', (select ${levelPlanPrices.price} from ${levelPlanPrices} where ${levelPlanPrices.level} = ${sql.placeholder("level")} and ${levelPlanPrices.planId} = ${dataPlans.id})) from ${dataPlans} join ${networks} on ${networks.id} = ${dataPlans.networkId} where ${dataPlans.id} = ${sql.placeholder("planId")}`,
      values: { planId: body.plan_id },
    },
    async price(found, { level, configured }) {
      if (!found) throw fieldRefusal("plan_id", "Choose a data plan from the list.");
      const plan = rowFromJson(dataPlans, found.plan as Record<string, unknown>);
      const network = rowFromJson(networks, found.network as Record<string, unknown>);
      if (!network.dataEnabled)
        throw new Refusal("product_unavailable", `${network.name} data is not available right now.`);
      if (!plan.enabled)
        throw new Refusal("product_unavailable", `The ${plan.name} plan is not available right now.`);
      return {
        kind: "data" as const,
        recipient: body.phone,
        quote: planQuote(
          priceAtLevel(
            plan.price,
            level[dataService(plan.planType)],
            offerRows(found),
            configured,
            0,
            typeof found.fixed === "number" ? found.fixed : null,
          ),
        ),
        description: `${network.name} ${plan.size} data for ${body.phone}`,
        product: `${network.name} ${plan.name}`,
        customerName: null,
        offers: offerRows(found).map((offer) =>
          offerOf(offer, offer.cost ?? 0, {
            service: "data",
            ...planOffer(offer, plan.id),
            phone: body.phone,
            amount: offer.cost ?? 0,
          }),
        ),
        routeScope: { networkId: network.id, planType: plan.planType },
      } satisfies Order;
    },
  };
}

/** A data plan for a phone; priced by the plan, the level's discount for its type, or the level's fixed price. */
export const data = {
  kind: "data" as const,
  request: dataRequest,
  msorg: msorgKind({
    service: "data" as const,
    body: msorgDataBody,
    order: async (deps, body): Promise<DataOrder> => {
      if (body.network !== undefined) {
        const [plan] = await deps.db
          .select({ networkId: dataPlans.networkId })
          .from(dataPlans)
          .where(eq(dataPlans.id, body.plan));
        if (plan && plan.networkId !== body.network)
          throw fieldRefusal("plan", `Plan ${body.plan} is not a plan of network ${body.network}.`);
      }
      return { plan_id: body.plan, phone: body.mobile_number };
    },
    recordFields: (row, asked) => ({
      network: asked.network,
      plan: asked.plan,
      plan_name: row.product,
      mobile_number: row.recipient,
    }),
  }),
} satisfies PurchaseKindModule<DataOrder>;
