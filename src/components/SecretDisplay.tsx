import { useState } from "react";

/**
 * A secret shown masked, with a Show toggle. What the toggle reveals is a plain statement, never the
 * secret: OjaPay keeps only hashes of passwords and PINs, so there is nothing readable to show.
 */
export function SecretDisplay({ label, mask, revealed }: { label: string; mask: string; revealed: string }) {
  const [shown, setShown] = useState(false);
  return (
    <fieldset className="secret-display">
      <legend className="secret-label">{label}</legend>
      <span className="secret-value" aria-live="polite">
        {shown ? revealed : mask}
      </span>
      <button
        type="button"
        className="link-button"
        aria-pressed={shown}
        aria-label={`${shown ? "Hide" : "Show"} ${label.toLowerCase()}`}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? "Hide" : "Show"}
      </button>
    </fieldset>
  );
}
