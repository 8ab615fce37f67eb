import { z } from "zod/mini";
import { catalogueIdParam } from "../catalogue";
import { networkDataId, networkDataIdPut, offerKeyQuery, staffOffer } from "../catalogueOffers";
import {
  airtimeControlPatch,
  controlIdQuery,
  dataNetworkPatch,
  dataPlanCreateBody,
  dataPlanPatch,
  discoPatch,
  offerPut,
  staffAirtimeControl,
  staffDataNetwork,
  staffDataPlan,
  staffDisco,
  staffTvPlan,
  staffTvProvider,
  tvPlanPatch,
  tvProviderPatch,
} from "../catalogueStaff";
import { planSyncBody, planSyncQuery, planSyncReport, planSyncResult } from "../planSync";
import { contracts } from "./contract";

/** The pricing rule, as each write that prices something says it. */
const belowCost =
  "; anything that would sell below cost is refused (`below_cost`) unless `sell_at_loss` gives a reason";

export const catalogueAdminContracts = contracts({
  "GET /core/staff/fetch/data/plans/sync": {
    tag: "Staff: catalogue",
    summary:
      "A provider's data plans for a network beside ours, matched by its offers' codes: new, changed in cost, gone, the same",
    query: planSyncQuery,
    result: planSyncReport,
  },
  "POST /core/staff/fetch/data/plans/sync": {
    tag: "Staff: catalogue",
    summary: `Import chosen plans from a provider: new ones with its offer at our price, its new cost for changed ones, its offer switched off for gone ones${belowCost}`,
    body: planSyncBody,
    result: planSyncResult,
  },
  "PUT /core/staff/fetch/offers": {
    tag: "Staff: catalogue",
    summary: `Add or change a provider's offer for a network's airtime, a data plan, a bouquet or a disco: its ids, cost or commission, switch${belowCost}`,
    body: offerPut,
    result: staffOffer,
  },
  "DELETE /core/staff/fetch/offers": {
    tag: "Staff: catalogue",
    summary: "Remove a provider's offer: that provider no longer sells the product",
    query: offerKeyQuery,
    result: z.object({ removed: z.boolean() }),
  },
  "PUT /core/staff/fetch/data/networks/ids": {
    tag: "Staff: catalogue",
    summary:
      "Set a provider's id for a network's data: where its sync lists plans, and its offers for the network's plans",
    body: networkDataIdPut,
    result: networkDataId,
  },
  "GET /core/staff/fetch/airtime": {
    tag: "Staff: catalogue",
    summary: "Airtime controls per network, with the commission",
    result: z.array(staffAirtimeControl),
  },
  "PATCH /core/staff/fetch/airtime": {
    tag: "Staff: catalogue",
    summary: `Change a network's airtime controls: \`{ id, ...changes }\`${belowCost}`,
    body: airtimeControlPatch,
    result: staffAirtimeControl,
  },
  "GET /core/staff/fetch/data/networks": {
    tag: "Staff: catalogue",
    summary: "Each network's data switch, with each provider's id for its data",
    result: z.array(staffDataNetwork),
  },
  "PATCH /core/staff/fetch/data/networks": {
    tag: "Staff: catalogue",
    summary: "Switch a network's data on or off: `{ id, enabled }`",
    body: dataNetworkPatch,
    result: staffDataNetwork,
  },
  "GET /core/staff/fetch/data/plans": {
    tag: "Staff: catalogue",
    summary: "A network's data plans, switched-off ones too",
    query: controlIdQuery,
    result: z.array(staffDataPlan),
  },
  "POST /core/staff/fetch/data/plans": {
    tag: "Staff: catalogue",
    summary: `Create a data plan with its first offer (a plan is sold only through one)${belowCost}`,
    body: dataPlanCreateBody,
    result: staffDataPlan,
    successStatus: 201,
  },
  "PATCH /core/staff/fetch/data/plans/:id": {
    tag: "Staff: catalogue",
    summary: `Edit a data plan${belowCost}`,
    params: catalogueIdParam,
    body: dataPlanPatch,
    result: staffDataPlan,
  },
  "DELETE /core/staff/fetch/data/plans/:id": {
    tag: "Staff: catalogue",
    summary:
      "Delete a data plan; one that has been sold is switched off instead, so its sales keep their meaning",
    params: catalogueIdParam,
    result: z.object({ deleted: z.boolean(), disabled: z.boolean() }),
  },
  "GET /core/staff/fetch/tv/controls": {
    tag: "Staff: catalogue",
    summary: "TV providers",
    result: z.array(staffTvProvider),
  },
  "PATCH /core/staff/fetch/tv/controls": {
    tag: "Staff: catalogue",
    summary: `Change a TV provider: \`{ id, ...changes }\`${belowCost}`,
    body: tvProviderPatch,
    result: staffTvProvider,
  },
  "GET /core/staff/fetch/tv/plans": {
    tag: "Staff: catalogue",
    summary: "A TV provider's bouquets, switched-off ones too",
    query: controlIdQuery,
    result: z.array(staffTvPlan),
  },
  "PATCH /core/staff/fetch/tv/plans/:id": {
    tag: "Staff: catalogue",
    summary: `Edit a bouquet${belowCost}`,
    params: catalogueIdParam,
    body: tvPlanPatch,
    result: staffTvPlan,
  },
  "GET /core/staff/fetch/electricity": {
    tag: "Staff: catalogue",
    summary: "Electricity distribution companies",
    result: z.array(staffDisco),
  },
  "PATCH /core/staff/fetch/electricity": {
    tag: "Staff: catalogue",
    summary: `Change a distribution company: \`{ id, ...changes }\`${belowCost}`,
    body: discoPatch,
    result: staffDisco,
  },
});
