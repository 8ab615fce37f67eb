import { createHash, randomBytes, randomInt } from "node:crypto";

/** 256 random bits, URL-safe; only its SHA-256 is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function newSixDigitCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/** A 10-digit wallet number, like a NUBAN account number; never starts with 0. */
export function newWalletNumber(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

// No 0/O or 1/I, so a code read aloud or typed from a flyer comes out right.
const unambiguousAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** `length` random characters that cannot be misread for one another. */
export function unambiguousCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += unambiguousAlphabet[randomInt(0, unambiguousAlphabet.length)];
  return code;
}

export function newReferralCode(): string {
  return unambiguousCode(8);
}
