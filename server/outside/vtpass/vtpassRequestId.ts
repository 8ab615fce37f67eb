import { randomInt } from "node:crypto";

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Nigeria keeps UTC+1 all year, so Lagos wall time is a fixed hour ahead of UTC. */
const lagosOffsetMs = 3_600_000;

/**
 * VTpass's request id: its first 12 characters are the date and time in Lagos as YYYYMMDDHHmm
 * (VTpass refuses any other date with 085), then 12 random characters that make it unique.
 */
export function vtpassRequestId(at: Date): string {
  const lagos = new Date(at.getTime() + lagosOffsetMs).toISOString(); // 2026-03-02T10:00:00.000Z
  const stamp = lagos.slice(0, 16).replace(/[-T:]/g, "");
  let tail = "";
  for (let i = 0; i < 12; i++) tail += alphabet[randomInt(0, alphabet.length)];
  return `${stamp}${tail}`;
}
