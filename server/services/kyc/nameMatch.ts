import type { IdentityRecord } from "../../outside/identityVerifier";

/** Lower case, accents and punctuation gone, split into words: "Adébáyọ̀ O'Neil" → ["adebayo", "oneil"]. */
function words(name: string): string[] {
  return name
    .normalize("NFD")
    .replace(/\p{Mark}/gu, "")
    .toLowerCase()
    .replace(/[^\p{Letter}\s-]/gu, "")
    .split(/[\s-]+/)
    .filter(Boolean);
}

/**
 * The profile's first and last names both appear among the record's names, in any order (records
 * often swap them or put the surname first); a middle name on the record need not be on the profile.
 */
export function namesMatch(
  profile: { firstName: string; lastName: string },
  record: IdentityRecord,
): boolean {
  const held = new Set(words([record.firstName, record.middleName ?? "", record.lastName].join(" ")));
  const given = [...words(profile.firstName), ...words(profile.lastName)];
  return given.length > 0 && given.every((word) => held.has(word));
}

export function recordName(record: IdentityRecord): string {
  const title = (part: string) => part.toLowerCase().replace(/(^|[\s-])\p{Letter}/gu, (c) => c.toUpperCase());
  return [record.firstName, record.middleName, record.lastName]
    .filter((part): part is string => Boolean(part?.trim()))
    .map(title)
    .join(" ");
}
