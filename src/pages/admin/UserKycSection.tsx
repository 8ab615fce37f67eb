import { useId, useMemo } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod/mini";
import { identityTypeName, type KycOverrideBody, kycOverrideBody } from "../../../schemas/kyc";
import type { AdminKycStatus } from "../../../schemas/kycStatus";
import { useAdminServices } from "../../app/AppServices";
import { useConfirmAction } from "../../app/useConfirmAction";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ReasonField } from "../../components/TextAreaField";
import { formatDate } from "../../format/formatDate";
import { formatNaira } from "../../format/money";
import { fieldOf } from "../../forms/fieldOf";
import { schemaResolver } from "../../forms/schemaResolver";
import { showServerFieldErrors } from "../../forms/serverFieldErrors";
import { DetailFact } from "./DetailFact";

const sourceLabels: Record<AdminKycStatus["tier_source"], string> = {
  signup: "Sign-up",
  identity_check: "Identity check",
  admin: "Set by an admin",
};
const tiers = [1, 2, 3] as const;

/** A customer's KYC tier as the admin sees it, and the admin's override of it. */
export function UserKycSection({
  user,
  kyc,
  onChanged,
}: {
  user: { id: string; name: string };
  kyc: AdminKycStatus | null;
  onChanged: () => void;
}) {
  return (
    <section className="card" aria-labelledby="user-kyc">
      <h2 id="user-kyc">KYC</h2>
      {kyc ? (
        <>
          <dl className="admin-facts">
            <DetailFact label="Tier">Tier {kyc.tier}</DetailFact>
            <DetailFact label="How it was set">{sourceLabels[kyc.tier_source]}</DetailFact>
            {kyc.tier_source === "admin" && kyc.tier_reason && (
              <DetailFact label="Admin's reason">
                <q>{kyc.tier_reason}</q>
              </DetailFact>
            )}
            <DetailFact label="Identity">
              {kyc.id_type && kyc.id_last4
                ? `${identityTypeName[kyc.id_type]} ending ${kyc.id_last4}`
                : "None checked"}
            </DetailFact>
            <DetailFact label="Verified name">{kyc.verified_name ?? "None"}</DetailFact>
            <DetailFact label="Verified on">
              {kyc.verified_at ? formatDate(kyc.verified_at) : "Never"}
            </DetailFact>
            <DetailFact label="Names and date of birth">
              {kyc.details_locked
                ? "Fixed by an identity check (corrections go to Identity reviews)"
                : "The customer may change them"}
            </DetailFact>
            <DetailFact label="Daily purchase limit">
              {formatNaira(kyc.daily_limit)} ({formatNaira(kyc.spent_today)} used today)
            </DetailFact>
            <DetailFact label="Wallet maximum balance">{formatNaira(kyc.max_balance)}</DetailFact>
          </dl>
          <ChangeTierForm user={user} current={kyc.tier} onChanged={onChanged} />
        </>
      ) : (
        <p className="muted">No KYC record for this customer.</p>
      )}
    </section>
  );
}

type TierForm = z.input<typeof kycOverrideBody>;

function ChangeTierForm({
  user,
  current,
  onChanged,
}: {
  user: { id: string; name: string };
  current: number;
  onChanged: () => void;
}) {
  const { admin } = useAdminServices();
  const form = useForm<TierForm, unknown, KycOverrideBody>({
    resolver: schemaResolver(kycOverrideBody),
    // `values` resets the form when a reload brings the user's new tier.
    values: useMemo(() => ({ tier: current, reason: "" }), [current]),
  });
  const tierId = useId();
  const errors = form.formState.errors;
  // Setting a tier is the same whether it lands once or twice, so the request id goes unused.
  const flow = useConfirmAction<KycOverrideBody, unknown>({
    send: ({ draft }) => admin.setUserTier(user.id, draft),
    onDone: () => {
      form.reset();
      onChanged();
    },
    // The client has shown the server's message. A field the server refused goes back to the form.
    onRefused: (error) => showServerFieldErrors(error, form.setError, ["tier", "reason"]),
  });

  const review = form.handleSubmit((body) => {
    // Setting the tier it already has would only write an audit row that changes nothing.
    if (body.tier === current) {
      form.setError("tier", { type: "unchanged", message: `This account is tier ${current} already.` });
      return;
    }
    flow.review(body);
  });

  return (
    <>
      <h3>Change tier</h3>
      <form noValidate onSubmit={review}>
        <div className="field">
          <label htmlFor={tierId}>New tier</label>
          <select
            id={tierId}
            aria-invalid={errors.tier ? true : undefined}
            aria-describedby={errors.tier ? `${tierId}-error` : undefined}
            {...form.register("tier", { valueAsNumber: true })}
          >
            {tiers.map((tier) => (
              <option key={tier} value={tier}>
                Tier {tier}
                {tier === current ? " (current)" : ""}
              </option>
            ))}
          </select>
          {errors.tier && (
            <p className="field-error" id={`${tierId}-error`} role="alert">
              {errors.tier.message}
            </p>
          )}
        </div>
        <ReasonField
          hint="Recorded in the audit log and shown here. Tier 3 needs an address and documents checked outside the app."
          maxLength={300}
          {...fieldOf(form, "reason")}
        />
        <button type="submit" className="button">
          Continue
        </button>
      </form>

      <ConfirmDialog
        flow={flow}
        title={`Move ${user.name} to tier ${flow.draft?.tier}?`}
        confirmLabel={`Move to tier ${flow.draft?.tier}`}
        busyLabel="Changing…"
        failureMessage="The tier was not changed, or we could not tell. Trying again is safe."
      >
        <p>
          Reason: <q>{flow.draft?.reason}</q>
        </p>
        <p className="muted">Their daily purchase limit and wallet maximum change at once.</p>
      </ConfirmDialog>
    </>
  );
}
