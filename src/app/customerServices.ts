import { appClient } from "../api/appClient";
import { customerApi } from "../api/customerApi";
import type { CustomerServices } from "./AppServices";
import { sharedServices } from "./sharedServices";

let services: CustomerServices | undefined;

/**
 * The app's services plus the customer area's API. The PIN reset and the wizards' machines are not
 * here: the pages that run them provide them (usePinResetLogic, usePurchaseLogic), so the dashboard,
 * the history and the fund page do not download them.
 */
export function customerServices(): CustomerServices {
  if (services) return services;
  services = { ...sharedServices(), customer: customerApi(appClient) };
  return services;
}
