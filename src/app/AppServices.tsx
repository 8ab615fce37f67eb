import { createContext, type ReactNode, useContext } from "react";
import type { ActorRefFrom, InspectionEvent } from "xstate";
import type { emergencyModeMachine } from "../../machines/emergencyModeMachine";
import type { pinResetMachine } from "../../machines/pinResetMachine";
import type { Product, purchaseMachine } from "../../machines/purchaseMachine";
import type { SessionMachine } from "../../machines/sessionMachine";
import type { verifyEmailMachine } from "../../machines/verifyEmailMachine";
import type { AccountsApi } from "../api/accountsApi";
import type { AdminApi } from "../api/adminApi";
import type { CustomerApi } from "../api/customerApi";
import type { DeveloperApi } from "../api/developerApi";
import type { SignedOutApi } from "../api/signedOutApi";

/**
 * What the signed-in areas need from outside React: the session, the API, and the machines already
 * provided with their actors. The app passes the real ones; a test passes its own in one line.
 */
export interface AppServices {
  session: ActorRefFrom<SessionMachine>;
  accounts: AccountsApi;
  /** As a test provides it; otherwise the pages that use it make the real one (useSignedOutApi). */
  signedOut?: SignedOutApi;
  /** Only the customer area has this (customerServices), so the sign-in pages and the console do not download it. */
  customer?: CustomerApi;
  /** As a test provides it; otherwise the Developer page makes the real one (useDeveloperApi). */
  developer?: DeveloperApi;
  /**
   * The email check, the PIN reset and the purchase wizards (one per product, the same machine with
   * that product's actors) as a test provides them. Without them the verify modal, the profile and
   * the wizard provide the real ones themselves (useVerifyEmailLogic, usePinResetLogic,
   * usePurchaseLogic), so only those pages download the machines.
   */
  verifyEmailLogic?: typeof verifyEmailMachine;
  pinResetLogic?: typeof pinResetMachine;
  purchaseLogic?: Record<Product, typeof purchaseMachine>;
  /** Only the admin area has these, so the customer pages do not download admin code. */
  admin?: AdminApi;
  emergencyModeLogic?: typeof emergencyModeMachine;
  /** Passed to the machines screens start, so a test (or a developer) can watch them. */
  inspect?: (event: InspectionEvent) => void;
}

const AppServicesContext = createContext<AppServices | null>(null);

export function AppServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <AppServicesContext.Provider value={services}>{children}</AppServicesContext.Provider>;
}

export function useAppServices(): AppServices {
  const services = useContext(AppServicesContext);
  if (!services) throw new Error("useAppServices needs an AppServicesProvider above it");
  return services;
}

/** What the customer area's pages rely on: the app's services with the customer API present. */
export type CustomerServices = AppServices & { customer: CustomerApi };

export function useCustomerServices(): CustomerServices {
  const services = useAppServices();
  if (!services.customer)
    throw new Error("useCustomerServices needs the customer area's services (see CustomerArea)");
  return services as CustomerServices;
}

/** What the admin area's pages rely on: the app's services with the admin API and machines present. */
export type AdminServices = AppServices & {
  admin: AdminApi;
  emergencyModeLogic: typeof emergencyModeMachine;
};

export function useAdminServices(): AdminServices {
  const services = useAppServices();
  if (!services.admin || !services.emergencyModeLogic)
    throw new Error("useAdminServices needs the admin area's services (see AdminArea)");
  return services as AdminServices;
}
