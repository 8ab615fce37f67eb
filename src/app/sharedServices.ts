import { createActor } from "xstate";
import { sessionMachine } from "../../machines/sessionMachine";
import { sessionActors, sessionStorageActions } from "../actors/sessionActors";
import { accounts, onSessionExpired } from "../api/appClient";
import { showToast } from "../notices/lazyToasts";
import { clientStore } from "../storage/clientStore";
import type { AppServices } from "./AppServices";

let services: AppServices | undefined;

/**
 * What every area shares, made once: the running session and the accounts API. The
 * auth, customer and admin areas are separate chunks but share this module, so they share one
 * session; each signed-in area adds its own (customerServices, the admin area's), so the sign-in
 * pages download neither the customer API and its machines nor the console's.
 */
export function sharedServices(): AppServices {
  if (services) return services;
  const session = createActor(
    sessionMachine.provide({
      actors: sessionActors({ accounts, store: clientStore, notify: showToast }),
      actions: sessionStorageActions(clientStore),
    }),
  );
  onSessionExpired(() => session.send({ type: "session.expire" }));
  session.start();
  services = { session, accounts };
  return services;
}
