import { phone } from "../../../schemas/common";
import type { IdentityRecord } from "../../outside/identityVerifier";
import { namesMatch } from "./nameMatch";

export type RecordVerdict = "matched" | "name_mismatch" | "dob_mismatch" | "phone_mismatch";

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
 * Whether the registry's record is the profile's owner: both names among the record's, the same date
 * of birth, and the same phone when the registry holds a readable one. The parts are judged in that
 * order and the first that fails is the answer, so someone whose names are wrong learns nothing of
 * the record's date of birth or phone.
 */
export function judgeRecord(
  profile: { firstName: string; lastName: string; dateOfBirth: string; phone: string },
  record: IdentityRecord,
): RecordVerdict {
  if (!namesMatch(profile, record)) return "name_mismatch";
  if (record.dateOfBirth !== profile.dateOfBirth) return "dob_mismatch";
  const held = record.phone === null ? null : nationalNumber(record.phone);
  if (held !== null && held !== nationalNumber(profile.phone)) return "phone_mismatch";
  return "matched";
}
