import { useCallback, useId } from "react";
import { kycLimits } from "../../../schemas/kyc";
import { useAdminServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";
import { LoadStatus } from "../../components/LoadStatus";
import { SchemaForm } from "../../forms/SchemaForm";

/**
 * What each KYC tier may buy in a Lagos day and hold in its wallet. The form is drawn from the
 * shared `kycLimits` schema, so the rule that a higher tier allows at least the one below is checked
 * here in the admin's words before the server checks it again.
 */
export function KycLimitsPanel() {
  const { admin } = useAdminServices();
  const limits = useLoad(useCallback(() => admin.kycLimits(), [admin]));
  const headingId = useId();
  const data = limits.state === "failed" ? undefined : limits.data;

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={limits.state === "loading"}>
      <h2 id={headingId}>KYC tier limits</h2>
      <p className="muted">
        Tier 1 on sign-up, tier 2 after a BVN or NIN check, tier 3 only when an admin sets it. Changes apply
        to the next purchase or funding.
      </p>
      <LoadStatus load={limits} loading="Loading the limits…" failed="We could not load the tier limits." />
      {data && (
        <SchemaForm
          schema={kycLimits}
          values={data}
          submitLabel="Save limits"
          onSubmit={async (body) => {
            await admin.setKycLimits(body);
            limits.retry();
          }}
        />
      )}
    </section>
  );
}
