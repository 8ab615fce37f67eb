import { useEffect, useId, useState } from "react";

/** A search box with its Search button, inside a filter form whose submit applies what was typed. */
export function SearchField({
  label,
  value,
  onChange,
  placeholder,
  className = "",
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
  placeholder?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`field ${className}`.trim()}>
      <label htmlFor={id}>{label}</label>
      <div className="search-row">
        <input
          id={id}
          type="search"
          value={value}
          maxLength={100}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
      </div>
    </div>
  );
}

/**
 * What is typed in a search box before it is applied. It follows the applied search, so Back or a
 * link that changes the address changes the box too.
 */
export function useSearchDraft(applied: string | undefined) {
  const [draft, setDraft] = useState(applied ?? "");
  useEffect(() => setDraft(applied ?? ""), [applied]);
  return [draft, setDraft] as const;
}
