interface RowAction {
  /** What the button says ("Edit", "Remove"). */
  text: string;
  /** What a screen reader says: the action and the row it acts on. */
  label: string;
  onClick: () => void;
}

/** A table row's buttons: change the row, and take it away (in danger red) where that is allowed. */
export function RowActionButtons({ edit, remove }: { edit: RowAction; remove?: RowAction | undefined }) {
  return (
    <>
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
    </>
  );
}
