import type { IdentityType } from "../../schemas/kyc";

/** What a verification provider holds for a BVN or NIN. */
export interface IdentityRecord {
  firstName: string;
  middleName: string | null;
  lastName: string;
}

/**
 * A BVN/NIN verification provider (Prembly, Dojah, Smile ID, Flutterwave and the like all answer
 * this question). The names are sent because several providers take them and match themselves;
 * OjaPay matches the record's names against the profile either way (services/kyc/nameMatch.ts).
 */
export interface IdentityVerifier {
  name: string;
  /** The record for the number, or null when the provider has none. Throws when it cannot say. */
  lookup(
    query: { type: IdentityType; number: string; firstName: string; lastName: string },
    signal: AbortSignal,
  ): Promise<IdentityRecord | null>;
}

/** The provider could not answer (down, timed out, refused our keys): nothing is known, nothing is counted. */
export class IdentityUnavailable extends Error {}
