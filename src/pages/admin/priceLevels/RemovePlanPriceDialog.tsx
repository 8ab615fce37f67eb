import type { LevelPlanPrice } from "../../../../schemas/levels";
import type { ConfirmAction } from "../../../app/useConfirmAction";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { formatNaira } from "../../../format/money";

/** Taking a fixed price away: the level's discount on the plan's own price applies again. */
export function RemovePlanPriceDialog({
  flow,
  levelName,
}: {
  flow: ConfirmAction<LevelPlanPrice, unknown>;
  levelName: string;
}) {
  const row = flow.draft;
  return (
    <ConfirmDialog
      flow={flow}
      title={`Remove the fixed price of ${row?.plan ?? "this plan"}?`}
      confirmLabel="Remove"
      busyLabel="Removing…"
      danger
    >
      {row && (
        <p>
          {levelName} pays {formatNaira(row.price)} for {row.plan} now. Without it, the plan's own price,{" "}
          {formatNaira(row.own_price)}, less {levelName}'s discount applies again.
        </p>
      )}
    </ConfirmDialog>
  );
}
