import { Link } from "wouter";
import { apiKeyTier } from "./apiAccess";

/**
 * What the Developer page shows an account that may not hold keys yet: what the API is for and the
 * two steps that open it, each marked done or not. Not an error: the menu leads only the Reseller
 * and API levels here, and anyone else who opens the address learns how to get there.
 */
export function NoApiAccess({ level, tier }: { level: boolean; tier: boolean }) {
  return (
    <section className="card" aria-labelledby="api-access">
      <h2 id="api-access">Sell from your own website or app</h2>
      <p>
        With an API key your website, app or bot buys airtime, data, cable TV and electricity from your OjaPay
        wallet at your level's prices, and we tell your server when each purchase settles.
      </p>
      <p>To make keys, your account needs both of these:</p>
      <ol>
        <li>
          <strong>The Reseller or API level.</strong>{" "}
          {level ? (
            <em>Done: your level has API access.</em>
          ) : (
            <>
              Upgrade under <Link href="/profile">Price level on your profile</Link>, paid once from your
              wallet.
            </>
          )}
        </li>
        <li>
          <strong>KYC tier {apiKeyTier}.</strong>{" "}
          {tier ? (
            <em>Done: your identity is verified.</em>
          ) : (
            <>
              Verify your BVN or NIN under{" "}
              <Link href="/profile">Wallet and verification on your profile</Link>.
            </>
          )}
        </li>
      </ol>
      <p>
        What the API offers is described in the <a href="/developers">API reference</a>.
      </p>
    </section>
  );
}
