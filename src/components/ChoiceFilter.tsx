import { useId } from "react";

/** A list filter's select: "All", then each choice in words. Choosing applies it at once. */
export function ChoiceFilter<C extends string>({
  label,
  value,
  choices,
  labels,
  onChange,
}: {
  label: string;
  value: C | undefined;
  choices: readonly C[];
  /** The words for each choice; the choice itself where there are none. */
  labels?: Partial<Record<C, string>>;
  onChange: (choice: C | undefined) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value ?? ""}
        onChange={(e) => onChange((e.target.value || undefined) as C | undefined)}
      >
        <option value="">All</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {labels?.[choice] ?? choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Back to the whole list: the filters live in the address, so clearing it clears them all. */
export function ClearFilters({ setParams }: { setParams: (params: URLSearchParams) => void }) {
  return (
    <button type="button" className="button secondary" onClick={() => setParams(new URLSearchParams())}>
      Clear filters
    </button>
  );
}
