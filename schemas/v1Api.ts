import { z } from "zod/mini";
import { examPinPurchaseBody } from "./examPins";
import { airtimePurchaseBody, dataPurchaseBody, electricityBuyBody, tvBuyBody } from "./purchases";
import { rechargePinPurchaseBody } from "./rechargePins";
import { transaction } from "./transactions";

/**
 * OjaPay's own API for programs, under /api/v1/ with `Authorization: Bearer <key>` (docs/RESELLERS.md):
 * kobo and our envelope, the customer's purchase bodies without the PIN (the key stands for it), a
 * `request_id` always. Made from the customer's schemas, so the two cannot drift.
 */
const withoutPin = { pin: true, allow_duplicate: true } as const;
const withoutAction = { pin: true, allow_duplicate: true, action: true } as const;

export const v1PurchaseBody = z.discriminatedUnion("kind", [
  z.extend(z.omit(airtimePurchaseBody, withoutPin), { kind: z.literal("airtime") }),
  z.extend(z.omit(dataPurchaseBody, withoutPin), { kind: z.literal("data") }),
  z.extend(z.omit(tvBuyBody, withoutAction), { kind: z.literal("tv") }),
  z.extend(z.omit(electricityBuyBody, withoutAction), { kind: z.literal("electricity") }),
  z.extend(z.omit(examPinPurchaseBody, withoutPin), { kind: z.literal("exam_pin") }),
  z.extend(z.omit(rechargePinPurchaseBody, withoutPin), { kind: z.literal("recharge_pin") }),
]);
export type V1PurchaseBody = z.infer<typeof v1PurchaseBody>;

/**
 * A purchase as the v1 API answers it: the customer's transaction, and the caller's request id. The
 * PINs an exam-PIN or recharge-card purchase delivered (`pins`; the cards' print in `cards`) are in
 * the purchase's own answer and its read, never in a webhook: a program that is told of one fetches it.
 */
export const v1Purchase = z.extend(transaction, {
  request_id: z.nullable(z.string()),
});
export type V1Purchase = z.infer<typeof v1Purchase>;

/** A purchase found by our id or by the caller's request id. */
export const v1PurchaseParams = z.strictObject({ id: z.uuid({ error: "Not found." }) });

export const v1Balance = z.object({
  balance: z.number().check(z.meta({ description: "The wallet, in kobo" })),
  pending_total: z.number().check(z.meta({ description: "Held for purchases still pending, in kobo" })),
  level: z.string(),
});
