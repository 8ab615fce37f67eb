import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { confirmPinReset, requestPinReset } from "../services/accounts/accounts";

export function pinRoutes(deps: AppDeps) {
  return [
    implement("POST /customer/pin-reset/request", async ({ c }) => {
      await requestPinReset(deps, sessionOf(c).user);
      return { msg: "We sent a 6-digit code to your email.", data: null };
    }),
    implement("POST /customer/pin-reset/confirm", async ({ body, c }) => {
      const replaced = await confirmPinReset(deps, sessionOf(c).user, body.code, body.new_pin);
      return {
        msg: replaced ? "Your transaction PIN has been changed." : "Your transaction PIN has been set.",
        data: null,
      };
    }),
  ];
}
