import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { Route, Router, Switch } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { type AnyActorRef, assign, createActor, type InspectionEvent } from "xstate";
import { emergencyModeMachine } from "../../machines/emergencyModeMachine";
import { pinResetMachine } from "../../machines/pinResetMachine";
import { purchaseMachine } from "../../machines/purchaseMachine";
import { sessionMachine } from "../../machines/sessionMachine";
import { verifyEmailMachine } from "../../machines/verifyEmailMachine";
import type { AccountsApi } from "../../src/api/accountsApi";
import type { AdminApi } from "../../src/api/adminApi";
import type { CustomerApi } from "../../src/api/customerApi";
import type { DeveloperApi } from "../../src/api/developerApi";
import type { SignedOutApi } from "../../src/api/signedOutApi";
import { type AppServices, AppServicesProvider } from "../../src/app/AppServices";
import { AdminRoutes } from "../../src/pages/admin/AdminArea";
import { AuthRoutes } from "../../src/pages/auth/AuthArea";
import { CustomerRoutes } from "../../src/pages/customer/CustomerArea";
import { controlledActors } from "./controlledActors";

export const testRequestId = "0b7c6a1e-5d4f-4e3a-9c2b-1a0f9e8d7c6b";

/** An API whose every call fails loudly unless the test gives it an answer. */
function strictFake<T extends object>(name: string, overrides: Partial<T>): T {
  return new Proxy(overrides as T, {
    get(target, key: string) {
      return target[key as keyof T] ?? (() => Promise.reject(new Error(`${name}.${key} was not expected`)));
    },
  });
}

export const fakeAccounts = (overrides: Partial<AccountsApi> = {}) =>
  strictFake<AccountsApi>("accounts", overrides);
export const fakeSignedOut = (overrides: Partial<SignedOutApi> = {}) =>
  strictFake<SignedOutApi>("signedOut", overrides);
export const fakeCustomer = (overrides: Partial<CustomerApi> = {}) =>
  strictFake<CustomerApi>("customer", overrides);
export const fakeAdmin = (overrides: Partial<AdminApi> = {}) => strictFake<AdminApi>("admin", overrides);

/**
 * The signed-in areas and the auth pages under one in-memory router, with every machine's actors
 * controlled by the test and every machine the screens start visible through `machines`.
 */
export function renderApp({
  path,
  accounts = fakeAccounts(),
  signedOut = fakeSignedOut(),
  customer = fakeCustomer(),
  admin = fakeAdmin(),
  developer,
  children,
}: {
  path: string;
  accounts?: AccountsApi;
  signedOut?: SignedOutApi;
  customer?: CustomerApi;
  admin?: AdminApi;
  /** The Developer page's calls; without them it would make the real ones. */
  developer?: DeveloperApi;
  children?: ReactNode;
}) {
  const location = memoryLocation({ path, record: true });
  const session = controlledActors(["restoreSession", "signIn", "signOut", "fetchProfile"]);
  const pin = controlledActors(["requestCode", "confirmPin"]);
  const verify = controlledActors(["verifyCode", "resendCode"]);
  const emergency = controlledActors(["loadStatus", "switchMode"]);
  const purchase = controlledActors([
    "loadCatalogue",
    "verifyRecipient",
    "submitPurchase",
    "fetchTransaction",
  ]);
  // A fixed request id, so a path from xstate/graph (made with the same) replays with equal context.
  const purchaseLogic = purchaseMachine.provide({
    actors: purchase.actors,
    actions: { newRequestId: assign({ requestId: testRequestId }) },
  });
  const machines = new Map<string, AnyActorRef>();
  // The newest actor of each machine wins: a modal opened twice starts a fresh machine.
  const inspect = (event: InspectionEvent) => {
    const id = (event.actorRef as { logic?: { id?: string } }).logic?.id;
    if (event.type === "@xstate.actor" && id) machines.set(id, event.actorRef as AnyActorRef);
  };

  const sessionActor = createActor(sessionMachine.provide({ actors: session.actors }), { inspect });
  const services: AppServices = {
    session: sessionActor,
    accounts,
    signedOut,
    customer,
    admin,
    ...(developer && { developer }),
    pinResetLogic: pinResetMachine.provide({
      actors: pin.actors,
      actions: { pinChanged: () => sessionActor.send({ type: "profile.refresh" }) },
    }),
    verifyEmailLogic: verifyEmailMachine.provide({ actors: verify.actors }),
    purchaseLogic: {
      airtime: purchaseLogic,
      data: purchaseLogic,
      tv: purchaseLogic,
      electricity: purchaseLogic,
      exam_pin: purchaseLogic,
      recharge_pin: purchaseLogic,
    },
    emergencyModeLogic: emergencyModeMachine.provide({ actors: emergency.actors }),
    inspect,
  };
  sessionActor.start();
  const view = render(
    <Router hook={location.hook}>
      <AppServicesProvider services={services}>
        <Switch>
          <Route path="/auth" nest>
            <AuthRoutes />
          </Route>
          <Route path="/app" nest>
            <CustomerRoutes />
          </Route>
          <Route path="/admin" nest>
            <AdminRoutes />
          </Route>
        </Switch>
        {children}
      </AppServicesProvider>
    </Router>,
  );
  return {
    ...view,
    services,
    sessionActor,
    control: { session, pin, verify, purchase, emergency },
    machines,
    location,
    settleAny(event: { type: string; output?: unknown; error?: unknown }) {
      for (const c of [session, pin, verify, purchase, emergency]) {
        const id = event.type.replace(/^xstate\.(done|error)\.actor\./, "");
        if (c.isRunning(id)) return c.settle(event);
      }
      throw new Error(`nothing running can take ${event.type}`);
    },
  };
}
