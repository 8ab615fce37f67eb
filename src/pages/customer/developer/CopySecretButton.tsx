import { useState } from "react";

/**
 * Copies a shown-once secret, and when the browser will not (no clipboard on a plain-http page, or
 * a refused permission) selects it in its box, so one keystroke or a long press copies it instead.
 */
export function CopySecretButton({ text, what, select }: { text: string; what: string; select: () => void }) {
  const [said, setSaid] = useState("");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setSaid("Copied");
    } catch {
      select();
      setSaid(`Could not copy. The ${what} is selected: copy it yourself.`);
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="button secondary" onClick={copy}>
        Copy {what}
      </button>
      <span role="status" className="copy-status">
        {said}
      </span>
    </span>
  );
}
