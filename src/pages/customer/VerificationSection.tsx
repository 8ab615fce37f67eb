import { useCallback, useEffect, useState } from "react";
import type { Profile } from "../../../schemas/auth";
import { type IdentityType, identityTypeName, type KycStatus } from "../../../schemas/kyc";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { LoadFailed } from "../../components/LoadFailed";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import { useSession } from "../../session/useSession";
import { LoadingModal } from "./LoadingModal";
import { VerifyIdentityModal } from "./profileLazyParts";

/** "BVN •••••••1234, verified Jan 5, 2026" in the row of the number that was checked. */
function identityText(status: KycStatus, row: IdentityType): string {
  if (status.id_type !== row || !status.id_last4) return "Not provided";
  const masked = `${identityTypeName[row]} •••••••${status.id_last4}`;
  return status.verified_at ? `${masked}, verified ${formatDate(status.verified_at)}` : masked;
}

/**
 * The profile's wallet and verification facts: the account's KYC tier, what it allows (and how much
 * of today's allowance is used), the checked BVN or NIN, and Verify Details to move up a tier.
 */
export function VerificationSection({ profile }: { profile: Profile }) {
  const { customer } = useCustomerServices();
  const { send } = useSession();
  const loaded = useLoad(useCallback(() => customer.kyc(), [customer]));
  // A successful check answers with the new status; shown at once rather than read again.
  const [answered, setAnswered] = useState<KycStatus | null>(null);
  const [verifying, setVerifying] = useState(false);
  const status = answered ?? (loaded.state === "ready" ? loaded.data : undefined);
  // Fetched as the page opens, so the modal is there when Verify Details is pressed.
  useEffect(() => VerifyIdentityModal.preload(), []);

  const verified = (next: KycStatus) => {
    setAnswered(next);
    setVerifying(false);
    // The session's copy of the profile carries the tier too (kyc_tier).
    send({ type: "profile.refresh" });
  };

  return (
    <section
      className="card"
      aria-labelledby="wallet-verification"
      aria-busy={!status && loaded.state === "loading"}
    >
      <h2 id="wallet-verification">Wallet and verification</h2>
      <dl className="facts">
        <dt>Wallet number</dt>
        <dd>{profile.wallet?.number ?? "No wallet"}</dd>
        {status && (
          <>
            <dt>Account tier</dt>
            <dd>Tier {status.tier}</dd>
            <dt>Daily purchase limit</dt>
            <dd>
              {formatNaira(status.daily_limit)} ({formatNaira(status.spent_today)} used today)
            </dd>
            <dt>Wallet maximum balance</dt>
            <dd>{formatNaira(status.max_balance)}</dd>
            <dt>Account status</dt>
            <dd>{status.tier >= 2 ? "Verified" : "Not verified"}</dd>
            <dt>NIN</dt>
            <dd>{identityText(status, "nin")}</dd>
            <dt>BVN</dt>
            <dd>{identityText(status, "bvn")}</dd>
          </>
        )}
      </dl>
      {!status && loaded.state === "loading" && (
        <p role="status" className="muted">
          Loading your account tier…
        </p>
      )}
      {!status && loaded.state === "failed" && (
        <LoadFailed message="We could not load your account tier." retry={loaded.retry} />
      )}
      {status?.can_verify && (
        <button type="button" className="button secondary" onClick={() => setVerifying(true)}>
          Verify Details
        </button>
      )}
      {status && verifying && (
        <VerifyIdentityModal
          status={status}
          onVerified={verified}
          onClose={() => setVerifying(false)}
          placeholder={<LoadingModal title="Verify your identity" onClose={() => setVerifying(false)} />}
        />
      )}
    </section>
  );
}
