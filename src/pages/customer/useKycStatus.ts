import { useCallback, useState } from "react";
import type { KycStatus } from "../../../schemas/kycStatus";
import { useCustomerServices } from "../../app/AppServices";
import { useLoad } from "../../app/useLoad";

/**
 * The profile's KYC status, read once as the page opens and shared by its sections: the personal
 * details need to know whether the names are fixed, the verification section everything else. A
 * check, a correction or a contest answers the new status, shown at once rather than read again.
 */
export function useKycStatus() {
  const { customer } = useCustomerServices();
  const loaded = useLoad(useCallback(() => customer.kyc(), [customer]));
  const [answered, setAnswered] = useState<KycStatus | null>(null);
  // While it is read again, the last answer stays: an open dialog does not vanish under the customer.
  const status = answered ?? (loaded.state === "failed" ? undefined : loaded.data);
  // After a refused check the server's status changed too (the details are fixed): read it again.
  const reload = useCallback(() => {
    setAnswered(null);
    loaded.retry();
  }, [loaded.retry]);
  return { status, loaded, update: setAnswered, reload };
}

export type KycStatusState = ReturnType<typeof useKycStatus>;
