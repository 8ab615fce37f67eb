interface RowAction {
  /** What the button says ("Edit", "Remove"). */
  text: string;
  /** What a screen reader says: the action and the row it acts on. */
  label: string;
  onClick: () => void;
}

/** The catalogue's lists' action cell and box (OfferList, PlanList). */
export const catalogueRowActions = { cell: "plan-actions-cell", box: "plan-actions" } as const;

/**
 * A table row's last cell, its buttons: change the row, and take it away (in danger red) where that is
 * allowed. The buttons sit in a box of their own inside the cell (`box` its class): a table cell cannot
 * space them as a flex row can.
 */
export function RowActionButtons({
  cell,
  box,
  edit,
  remove,
}: {
  cell: string;
  box?: string;
  edit: RowAction;
  remove?: RowAction | undefined;
}) {
  return (
    <td className={cell}>
      <div className={box}>
        <button type="button" className="button secondary" aria-label={edit.label} onClick={edit.onClick}>
          {edit.text}
        </button>
        {remove && (
          <button
            type="button"
            className="button secondary danger"
            aria-label={remove.label}
            onClick={remove.onClick}
          >
            {remove.text}
          </button>
        )}
      </div>
    </td>
  );
}
