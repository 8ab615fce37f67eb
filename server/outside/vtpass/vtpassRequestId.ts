import { lagosWallTime } from "../../lagosCalendar";
import { unambiguousCode } from "../../randomIds";

/**
 * VTpass's request id: its first 12 characters are the date and time in Lagos as YYYYMMDDHHmm
 * (VTpass refuses any other date with 085), then 12 random characters that make it unique.
 */
export function vtpassRequestId(at: Date): string {
  const stamp = lagosWallTime(at).slice(0, 16).replace(/[-T:]/g, "");
  return `${stamp}${unambiguousCode(12)}`;
}
