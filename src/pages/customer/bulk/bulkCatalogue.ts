import type { BulkKind } from "../../../../schemas/bulk";
import type { AirtimeControl, DataPlan } from "../../../../schemas/catalogue";
import type { CustomerApi } from "../../../api/customerApi";
import type { BulkCatalogue } from "./bulkRows";

/** What the page offers as defaults and reads names against, for each kind. */
export interface BulkOffers {
  kinds: readonly BulkKind[];
  maxRows: number;
  airtime: BulkCatalogue & { controls: AirtimeControl[] };
  data: BulkCatalogue & { dataPlans: DataPlan[] };
}

/**
 * The networks and plans on sale now, from the catalogue calls the wizards use, with the kinds and
 * the most rows a batch takes (fetched beside them, so the page's first draw does not wait for the
 * bulk schemas).
 */
export async function loadBulkOffers(customer: CustomerApi): Promise<BulkOffers> {
  const [bulk, controls, networks] = await Promise.all([
    import("../../../../schemas/bulk"),
    customer.airtimeControls(),
    customer.dataNetworks(),
  ]);
  const on = networks.filter((network) => network.enabled);
  const dataPlans = (await Promise.all(on.map((network) => customer.dataPlans(network.id)))).flat();
  return {
    kinds: bulk.bulkKinds,
    maxRows: bulk.maxBulkRows,
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
