import { CopyButton } from "./CopyButton";
import "./tokenBox.css";

/** "12345678901234567890" → "1234 5678 9012 3456 7890": easier to read out and type into a meter. */
export const groupToken = (token: string) =>
  token
    .replace(/\s+/g, "")
    .replace(/(.{4})(?=.)/g, "$1 ")
    .trim();

/**
 * A prepaid electricity token in groups of four, with what it buys and a copy button; on the
 * wizard's result, the receipt and the console's transaction page.
 */
export function TokenBox({ token, units }: { token: string; units?: string | null }) {
  return (
    <section className="token-box" aria-labelledby="token-label">
      <h2 id="token-label">Token</h2>
      <p className="token">{groupToken(token)}</p>
      {units && <p className="token-units">{units}</p>}
      <div className="token-actions">
        {/* Digits only: what a meter keypad or a vending app's paste box expects. */}
        <CopyButton text={token.replace(/\s+/g, "")} label="Copy token" what="the token" />
      </div>
      <p className="muted">Type this token into your meter to load the units.</p>
    </section>
  );
}
