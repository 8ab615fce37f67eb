import { useCallback } from "react";
import { Link } from "wouter";
import { tvPlanEdit } from "../../../../schemas/catalogueEditors";
import type { StaffTvPlan } from "../../../../schemas/catalogueStaff";
import { useAdminServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { usePageTitle } from "../../../app/usePageTitle";
import { formatNaira } from "../../../format/money";
import { OfferSummary, planOffers } from "./OfferList";
import { PlanList } from "./PlanList";
import "../admin.css";

const bouquetColumns = [
  { label: "Price", value: (plan: StaffTvPlan) => formatNaira(plan.price), numeric: true },
  { label: "Offers", value: (plan: StaffTvPlan) => <OfferSummary offers={plan.offers} /> },
  { label: "Sales", value: (plan: StaffTvPlan) => (plan.has_sales ? "Yes" : "None yet") },
] as const;

/** /admin/manage-tv/{id}: one TV provider's bouquets, their prices and switches. */
export default function TvPlansPage({ id }: { id: string }) {
  const { admin } = useAdminServices();
  const providerId = Number(id);
  // The provider's name for the heading; the bouquets load on their own, so a slow list of
  // providers does not hold them up.
  const providers = useLoad(useCallback(() => admin.tvProviders(), [admin]));
  const provider = providers.state === "ready" ? providers.data.find((p) => p.id === providerId) : undefined;
  const title = provider ? `${provider.name} bouquets` : "TV bouquets";
  usePageTitle(title);
  const loadBouquets = useCallback(() => admin.tvPlans(providerId), [admin, providerId]);

  if (providers.state === "ready" && !provider)
    return (
      <div className="admin-page">
        <h1>No such TV provider</h1>
        <p>
          <Link href="/manage-tv">Back to TV controls</Link>
        </p>
      </div>
    );

  return (
    <div className="admin-page">
      <p>
        <Link href="/manage-tv">← TV controls</Link>
      </p>
      <h1>{title}</h1>
      <PlanList
        noun="bouquet"
        load={loadBouquets}
        columns={bouquetColumns}
        editSchema={tvPlanEdit}
        update={(planId, changes) => admin.patchTvPlan(planId, changes)}
        details={planOffers("tv")}
      />
    </div>
  );
}
