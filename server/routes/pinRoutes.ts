import { z } from "zod";
import { noBody, pinResetConfirmBody } from "../../schemas/auth";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { confirmPinReset, requestPinReset } from "../services/accounts";

export function pinRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "post",
      path: "/customer/pin-reset/request",
      tag: "Transaction PIN",
      summary: "Email a 6-digit code for setting or changing the transaction PIN",
      body: noBody,
      result: z.null(),
      async handle({ c }) {
        await requestPinReset(deps, sessionOf(c).user);
        return { msg: "We sent a 6-digit code to your email.", data: null };
      },
    }),
    defineRoute({
      method: "post",
      path: "/customer/pin-reset/confirm",
      tag: "Transaction PIN",
      summary: "Set the transaction PIN with the emailed code (also how the first PIN is set)",
      body: pinResetConfirmBody,
      result: z.null(),
      async handle({ body, c }) {
        const replaced = await confirmPinReset(deps, sessionOf(c).user, body.code, body.new_pin);
        return {
          msg: replaced ? "Your transaction PIN has been changed." : "Your transaction PIN has been set.",
          data: null,
        };
      },
    }),
  ];
}
