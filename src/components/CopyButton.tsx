import { useEffect, useRef, useState } from "react";

/**
 * Copies `text` to the clipboard and says so beside the button (or, when the browser refuses, asks
 * for `what` to be copied by hand); the words go after four seconds.
 */
export function CopyButton({ text, label, what }: { text: string; label: string; what: string }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);

  const copyText = async () => {
    clearTimeout(reset.current);
    try {
      await navigator.clipboard.writeText(text);
      setCopy("copied");
      reset.current = setTimeout(() => setCopy("idle"), 4000);
    } catch {
      setCopy("failed");
    }
  };

  return (
    <span className="copy-button">
      <button type="button" className="button secondary" onClick={copyText}>
        {label}
      </button>
      <span role="status" className="copy-status">
        {copy === "copied" && "Copied"}
        {copy === "failed" && `Could not copy. Select ${what} and copy it yourself.`}
      </span>
    </span>
  );
}
