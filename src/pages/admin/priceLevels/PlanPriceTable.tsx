import type { LevelPlanPrice } from "../../../../schemas/levels";
import { ColumnHeads } from "../../../components/ColumnHeads";
import { formatNaira } from "../../../format/money";
import { RowActionButtons } from "../RowActionButtons";

/**
 * What the level pays when it is not the fixed price: the server bounds it by the plan's cost (a
 * price below it) and by the plan's own price (which may have been lowered since the price was fixed).
 */
function boundNote(row: LevelPlanPrice): string | undefined {
  if (row.price_at_level > row.price) return `stops at cost: ${formatNaira(row.price_at_level)}`;
  if (row.price_at_level < row.price) return `stops at its own price: ${formatNaira(row.price_at_level)}`;
  return undefined;
}

/** A level's fixed prices: a table from 1200px, a card per plan on a phone (admin.css). */
export function PlanPriceTable({
  rows,
  levelName,
  labelledBy,
  stale,
  onChange,
  onRemove,
}: {
  rows: readonly LevelPlanPrice[];
  levelName: string;
  labelledBy: string;
  stale: boolean;
  onChange: (row: LevelPlanPrice) => void;
  onRemove: (row: LevelPlanPrice) => void;
}) {
  return (
    <table className={`admin-table plan-price-table ${stale ? "stale" : ""}`} aria-labelledby={labelledBy}>
      <ColumnHeads
        columns={[
          "Plan",
          { label: "Its own price", numeric: true },
          { label: "Fixed price", numeric: true },
          { label: "Actions", hidden: true },
        ]}
      />
      <tbody>
        {rows.map((row) => {
          const note = boundNote(row);
          return (
            <tr key={row.plan_id}>
              <td data-label="Plan" className="admin-table-key">
                {row.plan}
              </td>
              <td data-label="Its own price" className="numeric">
                {formatNaira(row.own_price)}
              </td>
              <td data-label="Fixed price" className="numeric">
                <span className="stacked">
                  <span>{formatNaira(row.price)}</span>
                  {note && <span className="plan-price-bound">{note}</span>}
                </span>
              </td>
              <RowActionButtons
                cell="plan-price-actions"
                edit={{
                  text: "Change",
                  label: `Change ${row.plan} at ${levelName}`,
                  onClick: () => onChange(row),
                }}
                remove={{
                  text: "Remove",
                  label: `Remove ${row.plan} at ${levelName}`,
                  onClick: () => onRemove(row),
                }}
              />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
