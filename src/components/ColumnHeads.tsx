/** A column of a table's head: `numeric` aligns it with its figures; `hidden` names it for screen readers only (a column of buttons). */
export interface Column {
  label: string;
  numeric?: boolean;
  hidden?: boolean;
}

/** A table's head row, one heading a column; `false` leaves out a column the table does not show. */
export function ColumnHeads({ columns }: { columns: (string | Column | false)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((entry) => {
          if (entry === false) return null;
          const column = typeof entry === "string" ? { label: entry } : entry;
          return (
            <th key={column.label} scope="col" className={column.numeric ? "numeric" : undefined}>
              {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
