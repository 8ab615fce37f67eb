import { z } from "zod/mini";
import { noBody, pinResetConfirmBody } from "../auth";
import { contracts } from "./contract";

export const pinContracts = contracts({
  "POST /customer/pin-reset/request": {
    tag: "Transaction PIN",
    summary: "Email a 6-digit code for setting or changing the transaction PIN",
    body: noBody,
    result: z.null(),
  },
  "POST /customer/pin-reset/confirm": {
    tag: "Transaction PIN",
    summary: "Set the transaction PIN with the emailed code (also how the first PIN is set)",
    body: pinResetConfirmBody,
    result: z.null(),
  },
});
