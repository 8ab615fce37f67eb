import type { IdentityType } from "../../schemas/kyc";

/** What a verification provider holds for a BVN or NIN. */
export interface IdentityRecord {
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** `YYYY-MM-DD`: the registry's own, or the one sent when the provider only said it matched. */
  dateOfBirth: string;
  /** As the registry holds it (`080…`, `+234…`), when it holds one; BVN records usually do. */
  phone: string | null;
}

/** Which part of the details sent the provider says does not match, when it says so without the record. */
export type MismatchedPart = "name" | "date_of_birth";

/**
 * The provider's answer: the record it holds (OjaPay then matches it against the profile,
 * services/kyc/recordMatch.ts), no such number, a number whose record the provider says does not
 * carry the details sent (without showing it), or a number the registry will not let anyone verify
 * with (its holder has died, or is a minor).
 */
export type IdentityAnswer =
  | { outcome: "found"; record: IdentityRecord }
  | { outcome: "not_found" }
  | { outcome: "mismatch"; part: MismatchedPart }
  | { outcome: "refused" };

export interface IdentityQuery {
  type: IdentityType;
  number: string;
  firstName: string;
  lastName: string;
  /** `YYYY-MM-DD`, from the profile: every check needs one. */
  dateOfBirth: string;
  reference: string;
}

/** A BVN/NIN verification provider. Only Didit's adapter exists (outside/didit/). */
export interface IdentityVerifier {
  name: string;
  /**
   * Throws IdentityUnavailable when the provider cannot say: nothing is known then, and nothing
   * counted. Held to the time limit config gives the adapter; a caller may abort sooner.
   */
  lookup(query: IdentityQuery, signal?: AbortSignal): Promise<IdentityAnswer>;
}

export class IdentityUnavailable extends Error {}
