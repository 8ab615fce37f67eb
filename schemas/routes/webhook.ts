import { z } from "zod/mini";
import { contracts } from "./contract";

const paystackEventDoc = z
  .object({
    event: z.string(),
    data: z.object({ id: z.number(), reference: z.string(), amount: z.number().check(z.int()) }),
  })
  .check(
    z.meta({ description: "Paystack's event; `x-paystack-signature` is the HMAC-SHA512 of the raw body" }),
  );
const vtpassEventDoc = z
  .object({ type: z.literal("transaction-update"), data: z.object({ requestId: z.string() }) })
  .check(
    z.meta({
      description: "VTpass's transaction-update: a hint, confirmed by requery before any money moves",
    }),
  );

export const webhookContracts = contracts({
  "POST /webhooks/paystack": {
    tag: "Public",
    summary: "Paystack's events; the signature is checked on the raw body before anything parses it",
    body: paystackEventDoc,
    result: z.object({ outcome: z.string() }),
  },
  "POST /webhooks/vtpass": {
    tag: "Public",
    summary: "VTpass's transaction-update: the purchase is requeried, and only that answer moves money",
    body: vtpassEventDoc,
    result: z.object({ outcome: z.string() }),
  },
});
