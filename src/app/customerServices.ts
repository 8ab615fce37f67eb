import { pinResetMachine } from "../../machines/pinResetMachine";
import { purchaseMachine } from "../../machines/purchaseMachine";
import { pinResetActors } from "../actors/pinResetActors";
import { purchaseActors } from "../actors/purchaseActors";
import { appClient } from "../api/appClient";
import { customerApi } from "../api/customerApi";
import type { CustomerServices } from "./AppServices";
import { appServices } from "./appServices";

let services: CustomerServices | undefined;

/** The app's services plus the customer area's: its API, the PIN reset and the four purchase wizards. */
export function customerServices(): CustomerServices {
  if (services) return services;
  const shared = appServices();
  const customer = customerApi(appClient);
  services = {
    ...shared,
    customer,
    pinResetLogic: pinResetMachine.provide({
      actors: pinResetActors(shared.accounts),
      actions: { pinChanged: () => shared.session.send({ type: "profile.refresh" }) },
    }),
    purchaseLogic: {
      airtime: purchaseMachine.provide({ actors: purchaseActors(customer, "airtime") }),
      data: purchaseMachine.provide({ actors: purchaseActors(customer, "data") }),
      tv: purchaseMachine.provide({ actors: purchaseActors(customer, "tv") }),
      electricity: purchaseMachine.provide({ actors: purchaseActors(customer, "electricity") }),
    },
  };
  return services;
}
