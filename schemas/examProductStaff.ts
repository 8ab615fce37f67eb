import { z } from "zod/mini";
import { examBody } from "./catalogue";
import { money, onSale, ourCode, productName } from "./catalogueEditors";
import { staffOffer } from "./catalogueOffers";
import { changeSomething, lossConfirmation } from "./catalogueStaff";
import { integer } from "./common";
import { formatNaira } from "./money";

/**
 * Exam PINs' editor schema, and what admins send and staff see, derived from it as catalogueStaff.ts
 * derives the other products' from catalogueEditors.ts. A file of its own so that only the console's
 * Exam PINs page downloads it (schemas/routes/examProductAdmin.ts, loaded on its first call).
 */

/**
 * An exam PIN on sale. Whether it needs the candidate's profile ID is not asked: JAMB's PINs do and
 * no other's do (the server sets it from the exam body). JAMB's price may not exceed its face value.
 */
export const examProductEdit = z.strictObject({
  exam: examBody.check(
    z.meta({ title: "Exam body", description: "JAMB's PINs are bought for a candidate's profile ID" }),
  ),
  code: ourCode("Our code", "Our own code for this PIN, unique, e.g. waec-result"),
  name: productName("As customers see it, e.g. WAEC Result Checker"),
  face_value: money("Face value", "The exam body's own price for one PIN").check(
    z.minimum(100, { error: "The face value must be at least ₦1." }),
  ),
  price: money("Price", "What the customer pays for one PIN; JAMB's may not be above its face value").check(
    z.minimum(100, { error: "The price must be at least ₦1." }),
  ),
  enabled: onSale("Customers can buy this PIN"),
  sort_order: integer().check(
    z.minimum(0, { error: "Use a position from 0 to 999." }),
    z.maximum(999, { error: "Use a position from 0 to 999." }),
    z.meta({ title: "Position", description: "Lower comes first in the customer's list" }),
  ),
});

/** JAMB's terms: its PINs are not sold above JAMB's own price. Said under the price. */
export const jambPriceWords = (faceValue: number) =>
  `JAMB's PINs may not be sold above JAMB's own price: at most ${formatNaira(faceValue)}.`;
export const aboveJambPrice = (product: { exam: string; price: number; face_value: number }) =>
  product.exam === "jamb" && product.price > product.face_value;

const jambPriceRule = z.superRefine<{ exam: string; price: number; face_value: number }>((product, ctx) => {
  if (aboveJambPrice(product))
    ctx.addIssue({ code: "custom", path: ["price"], message: jambPriceWords(product.face_value) });
});

/** The form's schema: the editor with JAMB's rule, so the form says it before the server does. */
export const examProductForm = examProductEdit.check(jambPriceRule);

// A new PIN starts off sale: it sells only through an offer, added once the PIN exists.
export const examProductCreate = z
  .extend(examProductEdit, {
    enabled: z._default(examProductEdit.shape.enabled, false),
    sort_order: z._default(examProductEdit.shape.sort_order, 0),
  })
  .check(jambPriceRule);

/** An edit names what changes; the merged product is checked against JAMB's rule by the server. */
export const examProductPatch = z
  .extend(z.partial(examProductEdit), lossConfirmation)
  .check(changeSomething(["sell_at_loss"]));

export const staffExamProduct = z.extend(examProductEdit, {
  id: integer(),
  needs_profile: z
    .boolean()
    .check(z.meta({ description: "JAMB's: the candidate's profile ID is checked first, one PIN at a time" })),
  has_sales: z.boolean(),
  offers: z.array(staffOffer),
});
export type StaffExamProduct = z.infer<typeof staffExamProduct>;
