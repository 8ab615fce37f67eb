import { z } from "zod/mini";
import { examProductEdit } from "./catalogueEditors";
import { staffOffer } from "./catalogueOffers";
import { changeSomething, lossConfirmation } from "./catalogueStaff";
import { integer } from "./common";
import { formatNaira } from "./money";

/**
 * What admins send and staff see of exam PINs, derived from the editor schema (catalogueEditors.ts)
 * as catalogueStaff.ts derives the other products'.
 */

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
