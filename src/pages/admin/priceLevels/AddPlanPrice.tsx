import { useId, useMemo, useState } from "react";
import { networks } from "../../../../schemas/catalogue";
import type { LevelSlug } from "../../../../schemas/levelSlugs";
import type { LevelPlanPrice } from "../../../../schemas/levels";
import { useAdminServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";
import { LoadFailed } from "../../../components/LoadFailed";
import { formatNaira } from "../../../format/money";
import { PlanPriceForm } from "./PlanPriceForm";
import "../../../components/fields.css";

/**
 * Fixing a plan's price at a level: the network, then one of its plans (those without a fixed price
 * here yet; the list's Change is for the others), then the price. Each choice clears the ones after it.
 */
export function AddPlanPrice({
  slug,
  fixed,
  onSaved,
}: {
  slug: LevelSlug;
  fixed: readonly LevelPlanPrice[];
  onSaved: () => void;
}) {
  const { admin } = useAdminServices();
  const [networkId, setNetworkId] = useState<number | null>(null);
  const [planId, setPlanId] = useState<number | null>(null);
  const networkField = useId();
  const planField = useId();
  // Nothing is asked until a network is chosen.
  const plans = useLoad(
    useMemo(() => (networkId === null ? null : () => admin.dataPlans(networkId)), [admin, networkId]),
  );
  const network = networks.find((n) => n.id === networkId);
  const taken = new Set(fixed.map((row) => row.plan_id));
  const choices = plans.state === "ready" ? plans.data.filter((plan) => !taken.has(plan.id)) : [];
  const plan = choices.find((p) => p.id === planId);

  return (
    <div className="add-plan-price">
      <div className="field">
        <label htmlFor={networkField}>Network</label>
        <select
          id={networkField}
          value={networkId ?? ""}
          onChange={(event) => {
            setNetworkId(event.target.value ? Number(event.target.value) : null);
            setPlanId(null);
          }}
        >
          <option value="">Choose…</option>
          {networks.map((n) => (
            <option key={n.id} value={n.id}>
              {n.name}
            </option>
          ))}
        </select>
      </div>
      {network && plans.state === "loading" && (
        <p role="status" className="muted">
          Loading the {network.name} plans…
        </p>
      )}
      {network && plans.state === "failed" && (
        <LoadFailed message={`We could not load the ${network.name} plans.`} retry={plans.retry} />
      )}
      {network && plans.state === "ready" && choices.length === 0 && (
        <p>Every {network.name} plan already has a fixed price here: change it in the list.</p>
      )}
      {choices.length > 0 && (
        <div className="field">
          <label htmlFor={planField}>Plan</label>
          <select
            id={planField}
            value={planId ?? ""}
            onChange={(event) => setPlanId(event.target.value ? Number(event.target.value) : null)}
          >
            <option value="">Choose…</option>
            {choices.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} · {formatNaira(p.price)}
                {p.enabled ? "" : " (off sale)"}
              </option>
            ))}
          </select>
        </div>
      )}
      {plan && (
        <PlanPriceForm
          key={plan.id}
          slug={slug}
          plan={{ id: plan.id, own_price: plan.price }}
          onSaved={onSaved}
        />
      )}
    </div>
  );
}
