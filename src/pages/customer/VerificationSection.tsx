import { useEffect, useState } from "react";
import type { Profile } from "../../../schemas/auth";
import { type IdentityType, identityTypeName } from "../../../schemas/kyc";
import type { KycStatus } from "../../../schemas/kycStatus";
import { LoadFailed } from "../../components/LoadFailed";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import { useSession } from "../../session/useSession";
import { LoadingModal } from "./LoadingModal";
import { ContestModal, CorrectionModal, IdentityCodeModal, VerifyIdentityModal } from "./profileLazyParts";
import type { KycStatusState } from "./useKycStatus";

/** "•••••••1234, verified Jan 5, 2026" in the row of the number that was checked, which names it. */
function identityText(status: KycStatus, row: IdentityType): string {
  if (status.id_type !== row || !status.id_last4) return "Not provided";
  const masked = `•••••••${status.id_last4}`;
  return status.verified_at ? `${masked}, verified ${formatDate(status.verified_at)}` : masked;
}

const decided = { approved: "was applied", rejected: "was not accepted" } as const;

/** Where the customer's correction and contest stand, in a sentence each. */
function ReviewNotices({ status }: { status: KycStatus }) {
  const change = status.change_request;
  const contest = status.contest;
  const waiting = status.confirmation;
  const checked = waiting && `${identityTypeName[waiting.id_type]} •••••••${waiting.id_last4}`;
  return (
    <>
      {waiting && (
        <p className="review-notice" role="status">
          {waiting.state === "awaiting_code"
            ? `Your ${checked} matched your details. Enter the code we sent to ${waiting.phone} to finish.`
            : `Your ${checked} matched your details. Staff will confirm it is yours before your tier rises.`}
        </p>
      )}
      {change && (
        <p className="review-notice" role="status">
          {change.status === "pending"
            ? `Your correction to ${change.first_name} ${change.last_name}, born ${formatDate(change.date_of_birth)}, is waiting for staff review (sent ${formatDate(change.created_at)}).`
            : `Your correction of ${formatDate(change.created_at)} ${decided[change.status]}.${change.status === "rejected" ? " Contact support if your details are still wrong." : ""}`}
        </p>
      )}
      {contest && (
        <p className="review-notice" role="status">
          {contest.status === "pending"
            ? `Staff are looking into ${identityTypeName[contest.id_type]} •••••••${contest.id_last4}, which you told us is yours (sent ${formatDate(contest.created_at)}).`
            : `Your claim to ${identityTypeName[contest.id_type]} •••••••${contest.id_last4} ${decided[contest.status]}.`}
        </p>
      )}
    </>
  );
}

type Open = "verify" | "code" | "correct" | "contest" | null;

/**
 * The profile's wallet and verification facts: the account's KYC tier, what it allows (and how much
 * of today's allowance is used), the checked BVN or NIN, and Verify Details to move up a tier; once a
 * check has fixed the names and date of birth, a correction for staff, and a contest of a number
 * another account holds.
 */
export function VerificationSection({ profile, kyc }: { profile: Profile; kyc: KycStatusState }) {
  const { send } = useSession();
  const { status, loaded } = kyc;
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  // Fetched as the page opens (one chunk), so each modal is there when its button is pressed.
  useEffect(() => {
    VerifyIdentityModal.preload();
    IdentityCodeModal.preload();
    CorrectionModal.preload();
    ContestModal.preload();
  }, []);

  const answered = (next: KycStatus) => {
    kyc.update(next);
    setOpen(null);
    // The session's copy of the profile carries the tier and date of birth too.
    send({ type: "profile.refresh" });
  };
  const unverified = status !== undefined && status.verified_at === null;
  // A match waiting for its code or for staff carries the registry's names: nothing to correct.
  const canCorrect =
    unverified &&
    status.details_locked &&
    status.change_request?.status !== "pending" &&
    status.confirmation === null;
  const canContest =
    unverified && status.last_check?.outcome === "taken" && status.contest?.status !== "pending";

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
            <dd>
              {status.tier >= 2 ? "Verified: identity checked" : "Not verified: identity not checked yet"}
            </dd>
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
      {unverified && status.details_locked && (
        <p className="muted">Your name and date of birth are fixed since your identity check.</p>
      )}
      {status && <ReviewNotices status={status} />}
      <div className="verification-actions">
        {status?.confirmation?.state === "awaiting_code" && (
          <button type="button" className="button" onClick={() => setOpen("code")}>
            Enter the code
          </button>
        )}
        {status?.can_verify && (
          <button type="button" className="button secondary" onClick={() => setOpen("verify")}>
            Verify Details
          </button>
        )}
        {canCorrect && (
          <button type="button" className="button secondary" onClick={() => setOpen("correct")}>
            Ask for a correction
          </button>
        )}
        {canContest && status.last_check && (
          <button type="button" className="button secondary" onClick={() => setOpen("contest")}>
            Contest {identityTypeName[status.last_check.id_type]} •••••••{status.last_check.id_last4}
          </button>
        )}
      </div>
      {status && open === "verify" && (
        <VerifyIdentityModal
          status={status}
          dateOfBirth={profile.date_of_birth}
          onAnswered={answered}
          onRegistryAnswered={kyc.reload}
          onClose={close}
          placeholder={<LoadingModal title="Verify your identity" onClose={close} />}
        />
      )}
      {status && open === "code" && (
        <IdentityCodeModal
          status={status}
          onAnswered={answered}
          onStatus={kyc.update}
          onClose={close}
          placeholder={<LoadingModal title="Enter the code" onClose={close} />}
        />
      )}
      {status && open === "correct" && (
        <CorrectionModal
          profile={profile}
          onAnswered={answered}
          onClose={close}
          placeholder={<LoadingModal title="Ask for a correction" onClose={close} />}
        />
      )}
      {status?.last_check && open === "contest" && (
        <ContestModal
          idType={status.last_check.id_type}
          onAnswered={answered}
          onClose={close}
          placeholder={<LoadingModal title="This number is mine" onClose={close} />}
        />
      )}
    </section>
  );
}
