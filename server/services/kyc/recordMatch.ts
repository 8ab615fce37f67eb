import { phone } from "../../../schemas/common";
import type { IdentityRecord } from "../../outside/identityVerifier";
import { namesMatch } from "./nameMatch";

export type RecordVerdict = "matched" | "name_mismatch" | "dob_mismatch";

/**
 * A Nigerian mobile number as the profile keeps it (`0803…`, 11 digits), by the profile's own schema,
 * from however the registry wrote it (`+234 803 …`, `234803…`, `803…`); null when it is not one.
 */
export function nationalNumber(written: string): string | null {
  const digits = written.replace(/\D/g, "");
  const read = phone.safeParse(digits.length === 10 ? `0${digits}` : digits);
  return read.success ? read.data : null;
}

/**
 * Whether the registry's record carries the profile's details: both names among the record's, then
 * the same date of birth, judged in that order and the first that fails is the answer, so someone
 * whose names are wrong learns nothing of the record's date of birth. The record's phone is not
 * compared: a code sent to it proves the number is the customer's (identityConfirmations.ts), which a
 * phone typed on a profile never did. `phone_mismatch` stays an outcome of older checks only.
 */
export function judgeRecord(
  profile: { firstName: string; lastName: string; dateOfBirth: string },
  record: IdentityRecord,
): RecordVerdict {
  if (!namesMatch(profile, record)) return "name_mismatch";
  if (record.dateOfBirth !== profile.dateOfBirth) return "dob_mismatch";
  return "matched";
}
