import type { LevelSlug } from "../../../../schemas/levelSlugs";
import { levelPlanPriceBody } from "../../../../schemas/levels";
import { useAdminServices } from "../../../app/AppServices";
import { formatNaira } from "../../../format/money";
import { SchemaForm } from "../../../forms/SchemaForm";

/**
 * The price in naira, drawn from the shared body schema (the console's money field; kobo sent). The
 * server's refusal of a price above the plan's own shows under the field, as SchemaForm places it.
 */
export function PlanPriceForm({
  slug,
  plan,
  price,
  onSaved,
}: {
  slug: LevelSlug;
  plan: { id: number; own_price: number };
  /** The fixed price being changed; none when adding one. */
  price?: number;
  onSaved: () => void;
}) {
  const { admin } = useAdminServices();
  return (
    <>
      <p className="plan-price-own muted">
        Its own price is {formatNaira(plan.own_price)}: a fixed price may be at most that.
      </p>
      <SchemaForm
        schema={levelPlanPriceBody}
        values={price === undefined ? {} : { price }}
        submitLabel={price === undefined ? "Fix the price" : "Save the price"}
        onSubmit={async (body) => {
          await admin.setLevelPlanPrice(slug, plan.id, body.price);
          onSaved();
        }}
      />
    </>
  );
}
