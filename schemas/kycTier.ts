import { z } from "zod/mini";

/**
 * A module of its own because the signed-in profile (schemas/auth.ts, on every page after sign-in)
 * needs only this, and the rest of schemas/kyc.ts would come with it: schemas built at the top level of
 * a module stay in the bundle once the module is imported.
 *
 * Tiered KYC, as the CBN's tiered accounts: tier 1 on sign-up, tier 2 once a BVN or NIN is checked
 * against the customer's name, tier 3 only by an admin (address and documents checked outside the app).
 */
export const kycTier = z
  .number({ error: "Choose tier 1, 2 or 3." })
  .check(
    z.int({ error: "Choose tier 1, 2 or 3." }),
    z.minimum(1, { error: "Choose tier 1, 2 or 3." }),
    z.maximum(3, { error: "Choose tier 1, 2 or 3." }),
    z.meta({ title: "Tier" }),
  );
export type KycTier = 1 | 2 | 3;
