import { z } from "zod";
import { networkId } from "./catalogue";
import {
  airtimeControlEdit,
  dataNetworkEdit,
  dataPlanEdit,
  discoEdit,
  tvPlanEdit,
  tvProviderEdit,
} from "./catalogueEditors";

/**
 * What staff send and get back, derived from the editor schemas in catalogueEditors.ts and from
 * nothing else: a field added to an editor is in these bodies, the server's validation and the
 * OpenAPI document at once (tests/server/editorSchemaGrowth.test.ts proves it).
 */

// On sale unless said otherwise, for new plans only: a default inside a PATCH would switch a plan
// back on whenever someone changed its price.
export const dataPlanCreate = dataPlanEdit.extend({
  control_id: networkId.meta({ title: "Network" }),
  enabled: dataPlanEdit.shape.enabled.default(true),
});

/** A PATCH of a control: which one, and what changes. */
export function controlPatch<Shape extends z.core.$ZodShape>(edit: z.ZodObject<Shape>) {
  return z
    .strictObject({ id: z.number({ error: "Say which one to change (id)." }).int().min(1) })
    .extend(edit.partial().shape)
    .refine((body) => Object.keys(body).length > 1, { error: "Change at least one field." });
}

export const airtimeControlPatch = controlPatch(airtimeControlEdit);
export const dataNetworkPatch = controlPatch(dataNetworkEdit);
export const tvProviderPatch = controlPatch(tvProviderEdit);
export const discoPatch = controlPatch(discoEdit);
export const dataPlanPatch = dataPlanEdit
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: "Change at least one field." });
export const tvPlanPatch = tvPlanEdit
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: "Change at least one field." });

// What staff see: the editable fields, plus what identifies each row.
export const staffAirtimeControl = airtimeControlEdit.extend({ id: z.number().int(), network: z.string() });
export const staffDataNetwork = dataNetworkEdit.extend({ id: z.number().int(), name: z.string() });
export const staffDataPlan = dataPlanEdit.extend({
  id: z.number().int(),
  control_id: z.number().int(),
  has_sales: z.boolean(),
});
export const staffTvProvider = tvProviderEdit.extend({ id: z.number().int(), name: z.string() });
export const staffTvPlan = tvPlanEdit.extend({
  id: z.number().int(),
  control_id: z.number().int(),
  has_sales: z.boolean(),
});
export const staffDisco = discoEdit.extend({ id: z.number().int(), name: z.string() });

export const controlIdQuery = z.strictObject({
  control_id: z.coerce.number<number | string>().int().min(1).max(1_000_000),
});

export type StaffAirtimeControl = z.infer<typeof staffAirtimeControl>;
export type StaffDataNetwork = z.infer<typeof staffDataNetwork>;
export type StaffDataPlan = z.infer<typeof staffDataPlan>;
export type StaffTvProvider = z.infer<typeof staffTvProvider>;
export type StaffTvPlan = z.infer<typeof staffTvPlan>;
export type StaffDisco = z.infer<typeof staffDisco>;
