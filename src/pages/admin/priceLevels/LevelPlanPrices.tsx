import { useCallback, useId, useState } from "react";
import type { LevelPlanPrice, PriceLevel } from "../../../../schemas/levels";
import { useAdminServices } from "../../../app/AppServices";
import { useConfirmAction } from "../../../app/useConfirmAction";
import { useLoad } from "../../../app/useLoad";
import { LoadStatus } from "../../../components/LoadStatus";
import { Modal } from "../../../components/Modal";
import { AddPlanPrice } from "./AddPlanPrice";
import { PlanPriceForm } from "./PlanPriceForm";
import { PlanPriceTable } from "./PlanPriceTable";
import { RemovePlanPriceDialog } from "./RemovePlanPriceDialog";
import "./levelSection.css";
import "./levelPlanPrices.css";

type Open = { kind: "add" } | { kind: "change"; row: LevelPlanPrice } | null;

/**
 * A level's fixed data plan prices, under its editor: the list, and adding, changing and removing
 * one. Fetched after the page has drawn (PriceLevelsPage), so the levels' editors come first.
 */
export default function LevelPlanPrices({ level }: { level: Pick<PriceLevel, "slug" | "name"> }) {
  const { admin } = useAdminServices();
  const { slug, name } = level;
  const prices = useLoad(useCallback(() => admin.levelPlanPrices(slug), [admin, slug]));
  const [open, setOpen] = useState<Open>(null);
  const headingId = useId();
  const data = prices.state === "failed" ? undefined : prices.data;
  const close = () => setOpen(null);
  const saved = () => {
    setOpen(null);
    prices.retry();
  };
  const removal = useConfirmAction<LevelPlanPrice, unknown>({
    send: ({ draft }) => admin.removeLevelPlanPrice(slug, draft.plan_id),
    onDone: () => prices.retry(),
  });

  return (
    <div className="level-section level-plan-prices" aria-busy={prices.state === "loading"}>
      <div className="level-plan-prices-head">
        <h3 id={headingId}>Fixed data plan prices</h3>
        <button
          type="button"
          className="button secondary"
          aria-label={`Add a fixed price at ${name}`}
          onClick={() => setOpen({ kind: "add" })}
        >
          Add a fixed price
        </button>
      </div>
      <LoadStatus
        load={prices}
        loading="Loading the fixed prices…"
        failed={`We could not load ${name}'s fixed prices.`}
      />
      {data && data.length === 0 && <p>No fixed prices: {name} gets its discount on every plan.</p>}
      {data && data.length > 0 && (
        <PlanPriceTable
          rows={data}
          levelName={name}
          labelledBy={headingId}
          stale={prices.state === "loading"}
          onChange={(row) => setOpen({ kind: "change", row })}
          onRemove={(row) => removal.review(row)}
        />
      )}

      <Modal open={open?.kind === "add"} title={`Add a fixed price at ${name}`} onClose={close}>
        {open?.kind === "add" && <AddPlanPrice slug={slug} fixed={data ?? []} onSaved={saved} />}
      </Modal>
      <Modal
        open={open?.kind === "change"}
        title={open?.kind === "change" ? `${open.row.plan} at ${name}` : "Change the price"}
        onClose={close}
      >
        {open?.kind === "change" && (
          <PlanPriceForm
            slug={slug}
            plan={{ id: open.row.plan_id, own_price: open.row.own_price }}
            price={open.row.price}
            onSaved={saved}
          />
        )}
      </Modal>
      <RemovePlanPriceDialog flow={removal} levelName={name} />
    </div>
  );
}
