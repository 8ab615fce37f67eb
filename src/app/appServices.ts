import { createActor } from "xstate";
import { pinResetMachine } from "../../machines/pinResetMachine";
import { purchaseMachine } from "../../machines/purchaseMachine";
import { sessionMachine } from "../../machines/sessionMachine";
import { verifyEmailMachine } from "../../machines/verifyEmailMachine";
import { pinResetActors } from "../actors/pinResetActors";
import { purchaseActors } from "../actors/purchaseActors";
import { sessionActors, sessionStorageActions } from "../actors/sessionActors";
import { verifyEmailActors } from "../actors/verifyEmailActors";
import { accounts, customer, onSessionExpired } from "../api/appClient";
import { showToast } from "../notices/lazyToasts";
import { clientStore } from "../storage/clientStore";
import type { AppServices } from "./AppServices";

let services: AppServices | undefined;

/**
 * The running app's services, made once: the auth, customer and admin areas are separate chunks but
 * share this module, so they share one session.
 */
export function appServices(): AppServices {
  if (services) return services;
  const session = createActor(
    sessionMachine.provide({
      actors: sessionActors({ accounts, store: clientStore, notify: showToast }),
      actions: sessionStorageActions(clientStore),
    }),
  );
  onSessionExpired(() => session.send({ type: "session.expire" }));
  session.start();
  services = {
    session,
    accounts,
    customer,
    pinResetLogic: pinResetMachine.provide({
      actors: pinResetActors(accounts),
      actions: { pinChanged: () => session.send({ type: "profile.refresh" }) },
    }),
    verifyEmailLogic: verifyEmailMachine.provide({ actors: verifyEmailActors(accounts) }),
    purchaseLogic: {
      airtime: purchaseMachine.provide({ actors: purchaseActors(customer, "airtime") }),
      data: purchaseMachine.provide({ actors: purchaseActors(customer, "data") }),
      tv: purchaseMachine.provide({ actors: purchaseActors(customer, "tv") }),
      electricity: purchaseMachine.provide({ actors: purchaseActors(customer, "electricity") }),
    },
  };
  return services;
}
