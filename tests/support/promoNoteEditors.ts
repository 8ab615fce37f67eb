import { z } from "zod/mini";
import type * as catalogueEditors from "../../schemas/catalogueEditors";

/**
 * A vi.doMock factory for schemas/catalogueEditors: the editor schemas with one field, a promo note,
 * added to the airtime control's edit and nothing else changed.
 */
export async function withPromoNote(importOriginal: <Module>() => Promise<Module>) {
  const actual = await importOriginal<typeof catalogueEditors>();
  return {
    ...actual,
    airtimeControlEdit: z.extend(actual.airtimeControlEdit, {
      promo_note: z
        .optional(z.string().check(z.trim(), z.maxLength(12)))
        .check(z.meta({ title: "Promo note" })),
    }),
  };
}
