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
export function TokenBox({
  token,
  units,
  kcts,
}: {
  token: string;
  units?: string | null;
  kcts?: string[] | undefined;
}) {
  return (
    <section className="token-box" aria-labelledby="token-label">
      <h2 id="token-label">Token</h2>
      <p className="token">{groupToken(token)}</p>
      {units && <p className="token-units">{units}</p>}
      <div className="token-actions">
        {/* Digits only: what a meter keypad or a vending app's paste box expects. */}
        <CopyButton text={token.replace(/\s+/g, "")} label="Copy token" what="the token" />
      </div>
      {kcts && kcts.length === 2 ? (
        <div className="token-kcts">
          <p className="muted">
            Your meter needs its key change tokens first: type KCT1, then KCT2, then the token.
          </p>
          <dl>
            {kcts.map((kct, i) => (
              <div key={kct}>
                <dt>KCT{i + 1}</dt>
                <dd className="token-kct">{groupToken(kct)}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <p className="muted">Type this token into your meter to load the units.</p>
      )}
    </section>
  );
}
