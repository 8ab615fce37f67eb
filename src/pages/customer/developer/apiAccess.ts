import type { Profile } from "../../../../schemas/auth";
import { apiAccessLevels } from "../../../../schemas/levelSlugs";

/** The KYC tier the server asks of a key holder (server/services/resellers/apiKeys.ts). */
export const apiKeyTier = 2;

/** What an account has of the two things API keys need: a level with API access, and KYC tier 2. */
export function apiAccessOf(profile: Pick<Profile, "level" | "kyc_tier">) {
  const level = profile.level !== null && apiAccessLevels.includes(profile.level);
  const tier = (profile.kyc_tier ?? 0) >= apiKeyTier;
  return { level, tier, granted: level && tier };
}
