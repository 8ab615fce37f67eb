import { useEffect, useRef, useState } from "react";
import "./tokenBox.css";

/** "12345678901234567890" → "1234 5678 9012 3456 7890": easier to read out and type into a meter. */
export const groupToken = (token: string) =>
  token
    .replace(/\s+/g, "")
    .replace(/(.{4})(?=.)/g, "$1 ")
    .trim();

/** A prepaid electricity token in groups of four, with a copy button; on the wizard's result and the receipt. */
export function TokenBox({ token }: { token: string }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(reset.current), []);

  const copyToken = async () => {
    clearTimeout(reset.current);
    try {
      // Digits only: what a meter keypad or a vending app's paste box expects.
      await navigator.clipboard.writeText(token.replace(/\s+/g, ""));
      setCopy("copied");
      reset.current = setTimeout(() => setCopy("idle"), 4000);
    } catch {
      setCopy("failed");
    }
  };

  return (
    <section className="token-box" aria-labelledby="token-label">
      <h2 id="token-label">Token</h2>
      <p className="token">{groupToken(token)}</p>
      <div className="token-actions">
        <button type="button" className="button secondary" onClick={copyToken}>
          Copy token
        </button>
        <span role="status" className="token-copied">
          {copy === "copied" && "Copied"}
          {copy === "failed" && "Could not copy. Select the token and copy it yourself."}
        </span>
      </div>
      <p className="muted">Type this token into your meter to load the units.</p>
    </section>
  );
}
