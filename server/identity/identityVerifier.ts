import type { IdentityType } from "../../schemas/kyc";

/** What a verification provider holds for a BVN or NIN. */
export interface IdentityRecord {
  firstName: string;
  middleName: string | null;
  lastName: string;
}

/**
 * The provider's answer: the record it holds (OjaPay then matches its names against the profile,
 * services/kyc/nameMatch.ts), no such number, or a number whose record the provider itself says does
 * not belong to the names given without showing it.
 */
export type IdentityAnswer =
  | { outcome: "found"; record: IdentityRecord }
  | { outcome: "not_found" }
  | { outcome: "mismatch" };

/** A BVN/NIN verification provider. Only Didit's adapter exists (identity/didit/). */
export interface IdentityVerifier {
  name: string;
  /** Throws IdentityUnavailable when the provider cannot say: nothing is known then, and nothing counted. */
  lookup(
    query: { type: IdentityType; number: string; firstName: string; lastName: string; reference: string },
    signal: AbortSignal,
  ): Promise<IdentityAnswer>;
}

export class IdentityUnavailable extends Error {}
