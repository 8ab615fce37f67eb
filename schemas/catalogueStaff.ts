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
});

/** A PATCH of a control: which one, and what changes. */
export function controlPatch<Shape extends z.core.$ZodShape>(edit: z.ZodMiniObject<Shape>) {
  return z
    .extend(
      z.strictObject({
        id: z
          .number({ error: "Say which one to change (id)." })
          .check(z.int(), z.minimum(1), z.maximum(maxControlId)),
      }),
      z.partial(edit).shape,
    )
    .check(z.refine((body) => Object.keys(body).length > 1, { error: "Change at least one field." }));
}

export const airtimeControlPatch = controlPatch(airtimeControlEdit);
export const dataNetworkPatch = controlPatch(dataNetworkEdit);
export const tvProviderPatch = controlPatch(tvProviderEdit);
export const discoPatch = controlPatch(discoEdit);
export const dataPlanPatch = z
  .partial(dataPlanEdit)
  .check(z.refine((b) => Object.keys(b).length > 0, { error: "Change at least one field." }));
export const tvPlanPatch = z
  .partial(tvPlanEdit)
  .check(z.refine((b) => Object.keys(b).length > 0, { error: "Change at least one field." }));

// What staff see: the editable fields, plus what identifies each row.
export const staffAirtimeControl = z.extend(airtimeControlEdit, { id: integer(), network: z.string() });
export const staffDataNetwork = z.extend(dataNetworkEdit, { id: integer(), name: z.string() });
export const staffDataPlan = z.extend(dataPlanEdit, {
  id: integer(),
  control_id: integer(),
  has_sales: z.boolean(),
});
export const staffTvProvider = z.extend(tvProviderEdit, { id: integer(), name: z.string() });
export const staffTvPlan = z.extend(tvPlanEdit, {
  id: integer(),
  control_id: integer(),
  has_sales: z.boolean(),
});
export const staffDisco = z.extend(discoEdit, { id: integer(), name: z.string() });

export const controlIdQuery = z.strictObject({
  control_id: z.coerce.number<number | string>().check(z.int(), z.minimum(1), z.maximum(maxControlId)),
});

export type StaffAirtimeControl = z.infer<typeof staffAirtimeControl>;
export type StaffDataNetwork = z.infer<typeof staffDataNetwork>;
export type StaffDataPlan = z.infer<typeof staffDataPlan>;
export type StaffTvProvider = z.infer<typeof staffTvProvider>;
export type StaffTvPlan = z.infer<typeof staffTvPlan>;
export type StaffDisco = z.infer<typeof staffDisco>;
