import { useMachine } from "@xstate/react";
import { useEffect } from "react";
import { useCustomerServices } from "../../app/AppServices";
import { usePageTitle } from "../../app/usePageTitle";
import { useGlobalLoading } from "../../components/globalLoading";
import { useSession } from "../../session/useSession";
import { AccountBadge } from "./AccountBadge";
import { LoadingModal } from "./LoadingModal";
import { ChangePasswordForm, PersonalDetailsForm, PinResetModal } from "./profileLazyParts";
import { useKycStatus } from "./useKycStatus";
import { usePinResetLogic } from "./usePinResetLogic";
import { VerificationSection } from "./VerificationSection";
import "./profile.css";

export default function ProfilePage() {
  const { inspect } = useCustomerServices();
  const { profile, send } = useSession();
  const [pin, sendPin] = useMachine(usePinResetLogic(), { inspect });
  const kyc = useKycStatus();
  useGlobalLoading(pin.matches("requesting"));

  usePageTitle("Profile");
  useEffect(() => {
    send({ type: "profile.refresh" });
    // The modal opens only once the code is sent; its code should be here by then.
    PinResetModal.preload();
  }, [send]);

  if (!profile) return null;

  const pinModalOpen = pin.matches("codeSent") || pin.matches("resending") || pin.matches("confirming");
  const cancelPin = () => sendPin({ type: "pin.cancel" });

  return (
    <div className="profile">
      <header className="profile-header card">
        <div>
          <h1>
            {profile.first_name} {profile.last_name}
          </h1>
          <AccountBadge profile={profile} />
        </div>
        <button type="button" className="button secondary" onClick={() => sendPin({ type: "pin.request" })}>
          Reset Pin
        </button>
        {/* Here, by its button, so that a failed load of the modal's code is said where it was asked for. */}
        {pinModalOpen && (
          <PinResetModal
            busy={pin.matches("confirming") || pin.matches("resending")}
            resending={pin.matches("resending")}
            error={pin.context.error}
            onConfirm={(input) => sendPin({ type: "pin.confirm", ...input })}
            onResend={() => sendPin({ type: "pin.resend" })}
            onClose={cancelPin}
            placeholder={<LoadingModal title="Transaction Pin Reset" onClose={cancelPin} />}
          />
        )}
      </header>

      <section className="card" aria-labelledby="personal-details">
        <h2 id="personal-details">Personal details</h2>
        <PersonalDetailsForm
          profile={profile}
          locked={kyc.status?.details_locked ?? false}
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

      <VerificationSection profile={profile} kyc={kyc} />
    </div>
  );
}
