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
  const status = answered ?? (loaded.state === "ready" ? loaded.data : undefined);
  return { status, loaded, update: setAnswered };
}

export type KycStatusState = ReturnType<typeof useKycStatus>;
