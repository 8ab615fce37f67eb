import { useCallback } from "react";
import { useCustomerServices } from "../../../app/AppServices";
import { useLoad } from "../../../app/useLoad";

/** The customer's saved recipients, read as the screen showing them opens; `retry` reads them again. */
export function useSavedRecipients() {
  const { customer } = useCustomerServices();
  return useLoad(useCallback(async () => (await customer.recipients()).list(), [customer]));
}
