import { useEffect } from "react";
import { usePageTitle } from "../../app/usePageTitle";
import { useSession } from "../../session/useSession";
import { AccountBadge } from "./AccountBadge";
import { LoadingModal } from "./LoadingModal";
import { pinModalTitle } from "./pinModalTitle";
import { ChangePasswordForm, PersonalDetailsForm, PinResetModal, PriceLevels } from "./profileLazyParts";
import { SavedRecipientsCard } from "./recipients/savedRecipientsPart";
import { SmsOutcomesSetting } from "./sms/smsLazyParts";
import { useKycStatus } from "./useKycStatus";
import { usePinReset } from "./usePinReset";
import { VerificationSection } from "./VerificationSection";
import "./profile.css";

export default function ProfilePage() {
  const { profile, send } = useSession();
  const pin = usePinReset();
  const kyc = useKycStatus();

  usePageTitle("Profile");
  useEffect(() => {
    send({ type: "profile.refresh" });
    // The modal opens only once the code is sent; its code should be here by then.
    PinResetModal.preload();
  }, [send]);

  if (!profile) return null;

  return (
    <div className="profile">
      <header className="profile-header card">
        <div>
          <h1>
            {profile.first_name} {profile.last_name}
          </h1>
          <AccountBadge profile={profile} />
        </div>
        <button type="button" className="button secondary" onClick={pin.request}>
          Reset Pin
        </button>
        {/* Here, by its button, so that a failed load of the modal's code is said where it was asked for. */}
        {pin.modal && (
          <PinResetModal
            {...pin.modal}
            firstPin={!profile.has_pin}
            placeholder={<LoadingModal title={pinModalTitle(!profile.has_pin)} onClose={pin.cancel} />}
          />
        )}
      </header>

      <section className="card" aria-labelledby="personal-details">
        <h2 id="personal-details">Personal details</h2>
        <PersonalDetailsForm
          profile={profile}
          locked={kyc.status?.details_locked ?? false}
          fixed={
            kyc.status?.verified_at
              ? "verified"
              : kyc.status?.change_request?.status === "pending"
                ? "correctionPending"
                : "correctable"
          }
          placeholder={
            <p role="status" className="part-loading personal-details-loading muted">
              Loading your personal details…
            </p>
          }
        />
      </section>

      <section className="card" aria-labelledby="change-password">
        <h2 id="change-password">Change password</h2>
        <ChangePasswordForm
          placeholder={
            <p role="status" className="part-loading password-form-loading muted">
              Loading the password form…
            </p>
          }
        />
      </section>

      <section className="card" aria-labelledby="sms-setting">
        <h2 id="sms-setting">SMS</h2>
        <SmsOutcomesSetting placeholder={<p className="muted">Loading your SMS settings…</p>} />
      </section>

      <VerificationSection profile={profile} kyc={kyc} />

      <SavedRecipientsCard />

      <section className="card price-level" aria-labelledby="price-level">
        {/* Focusable: an upgrade removes the button that opened it, so focus comes here. */}
        <h2 id="price-level" tabIndex={-1}>
          Price level
        </h2>
        <PriceLevels
          profile={profile}
          titleId="price-level"
          placeholder={
            <p role="status" className="part-loading muted">
              Loading the price levels…
            </p>
          }
        />
      </section>
    </div>
  );
}
