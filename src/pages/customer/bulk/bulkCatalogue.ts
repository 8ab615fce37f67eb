import type { BulkKind } from "../../../../schemas/bulk";
import type { AirtimeControl, DataPlan } from "../../../../schemas/catalogue";
import type { CustomerApi } from "../../../api/customerApi";
import type { BulkCatalogue } from "./bulkRows";

/** What the page offers as defaults and reads names against, for each kind. */
export interface BulkOffers {
  airtime: BulkCatalogue & { controls: AirtimeControl[] };
  data: BulkCatalogue & { dataPlans: DataPlan[] };
}

/** The networks and plans on sale now, from the catalogue calls the wizards use. */
export async function loadBulkOffers(customer: CustomerApi): Promise<BulkOffers> {
  const [controls, networks] = await Promise.all([customer.airtimeControls(), customer.dataNetworks()]);
  const on = networks.filter((network) => network.enabled);
  const dataPlans = (await Promise.all(on.map((network) => customer.dataPlans(network.id)))).flat();
  return {
    airtime: {
      controls,
      networks: controls.filter((c) => c.enabled).map((c) => ({ id: c.id, name: c.network })),
      plans: [],
    },
    data: {
      dataPlans,
      networks: on.map((n) => ({ id: n.id, name: n.name })),
      plans: dataPlans.map((plan) => ({ id: plan.id, name: plan.name, network_id: plan.control_id })),
    },
  };
}

export const kindLabels: Record<BulkKind, string> = { airtime: "Airtime", data: "Data" };
