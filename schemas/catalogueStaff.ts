import { z } from "zod/mini";
import { networkId } from "./catalogue";
import {
  airtimeControlEdit,
  dataNetworkEdit,
  dataPlanEdit,
  discoEdit,
  tvPlanEdit,
  tvProviderEdit,
} from "./catalogueEditors";
import { firstOffer, networkDataId, offerEdit, offerKey, productIdFits, staffOffer } from "./catalogueOffers";
import { integer, maxControlId } from "./common";

/**
 * What staff send and get back, derived from the editor schemas in catalogueEditors.ts and from
 * nothing else: a field added to an editor is in these bodies, the server's validation and the
 * OpenAPI document at once (tests/server/editorSchemaGrowth.test.ts proves it).
 */

// On sale unless said otherwise, for new plans only: a default inside a PATCH would switch a plan
// back on whenever someone changed its price.
export const dataPlanCreate = z.extend(dataPlanEdit, {
  control_id: networkId.check(z.meta({ title: "Network" })),
  enabled: z._default(dataPlanEdit.shape.enabled, true),
  plan_type: z._default(dataPlanEdit.shape.plan_type, "direct"),
  // Its first offer, flat beside the plan's fields so the console's form draws them like the rest.
  ...firstOffer.shape,
});

/**
 * Staff's "yes, sell it at a loss": a write the server refused as below cost (`below_cost`), sent
 * again with why. Only the console's confirm step sends it; the reason is kept in the audit log.
 */
export const sellAtLoss = z.strictObject({
  reason: z
    .string({ error: "Say why this should sell at a loss." })
    .check(
      z.trim(),
      z.minLength(10, { error: "Say why this should sell at a loss, in at least 10 characters." }),
      z.maxLength(300, { error: "Keep the reason under 300 characters." }),
      z.meta({ title: "Why sell at a loss?", description: "Kept in the audit log", widget: "textarea" }),
    ),
});
export type SellAtLoss = z.infer<typeof sellAtLoss>;
export const lossConfirmation = {
  sell_at_loss: z.optional(sellAtLoss).check(
    z.meta({
      description: "Only to confirm a price below cost, after a `below_cost` refusal; needs a reason",
    }),
  ),
};

/** Every key of a PATCH but these says what changes. */
const changes = (body: object, besides: readonly string[]) =>
  Object.keys(body).filter((key) => !besides.includes(key)).length > 0;
export const changeSomething = (besides: readonly string[]) =>
  z.refine<object>((body) => changes(body, besides), { error: "Change at least one field." });

const controlId = {
  id: z
    .number({ error: "Say which one to change (id)." })
    .check(z.int(), z.minimum(1), z.maximum(maxControlId)),
};

/** A PATCH of a control: which one, and what changes. */
export function controlPatch<Shape extends z.core.$ZodShape>(edit: z.ZodMiniObject<Shape>) {
  return z.extend(z.strictObject(controlId), z.partial(edit).shape).check(changeSomething(["id"]));
}

/** A PATCH of a control the pricing rule judges: it may carry the loss confirmation. */
function pricedControlPatch<Shape extends z.core.$ZodShape>(edit: z.ZodMiniObject<Shape>) {
  return z
    .extend(z.strictObject(controlId), { ...z.partial(edit).shape, ...lossConfirmation })
    .check(changeSomething(["id", "sell_at_loss"]));
}

export const airtimeControlPatch = pricedControlPatch(airtimeControlEdit);
export const dataNetworkPatch = controlPatch(dataNetworkEdit);
export const tvProviderPatch = pricedControlPatch(tvProviderEdit);
export const discoPatch = pricedControlPatch(discoEdit);
export const dataPlanCreateBody = z.extend(dataPlanCreate, lossConfirmation);
export const dataPlanPatch = z
  .extend(z.partial(dataPlanEdit), lossConfirmation)
  .check(changeSomething(["sell_at_loss"]));
export const tvPlanPatch = z
  .extend(z.partial(tvPlanEdit), lossConfirmation)
  .check(changeSomething(["sell_at_loss"]));

/** Adds or changes one offer (its key and what it says); judged by the pricing rule. */
export const offerPut = z.extend(offerEdit, { ...offerKey, ...lossConfirmation }).check(productIdFits);

// What staff see: the editable fields, plus what identifies each row and who sells it.
const offers = { offers: z.array(staffOffer) };
export const staffAirtimeControl = z.extend(airtimeControlEdit, {
  id: integer(),
  network: z.string(),
  ...offers,
});
export const staffDataNetwork = z.extend(dataNetworkEdit, {
  id: integer(),
  name: z.string(),
  data_ids: z.array(networkDataId),
});
export const staffDataPlan = z.extend(dataPlanEdit, {
  id: integer(),
  control_id: integer(),
  has_sales: z.boolean(),
  ...offers,
});
export const staffTvProvider = z.extend(tvProviderEdit, { id: integer(), name: z.string() });
export const staffTvPlan = z.extend(tvPlanEdit, {
  id: integer(),
  control_id: integer(),
  has_sales: z.boolean(),
  ...offers,
});
export const staffDisco = z.extend(discoEdit, { id: integer(), name: z.string(), ...offers });

export const controlIdQuery = z.strictObject({
  control_id: z.coerce.number<number | string>().check(z.int(), z.minimum(1), z.maximum(maxControlId)),
});

export type StaffAirtimeControl = z.infer<typeof staffAirtimeControl>;
export type StaffDataNetwork = z.infer<typeof staffDataNetwork>;
export type StaffDataPlan = z.infer<typeof staffDataPlan>;
export type StaffTvProvider = z.infer<typeof staffTvProvider>;
export type StaffTvPlan = z.infer<typeof staffTvPlan>;
export type StaffDisco = z.infer<typeof staffDisco>;
