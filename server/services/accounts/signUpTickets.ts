import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * A sign-up's ticket: proof that its holder gave the sign-up's password, handed to the browser that
 * signed up (and to one that signs in with that password). Confirming an email needs it beside the
 * emailed code or link, so whoever holds the inbox can only confirm a sign-up whose password they
 * chose. It is an HMAC of the sign-up's id under a key derived from TOTP_KEY: nothing to store, and
 * it dies with the sign-up.
 */
function ticketKey(totpKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", totpKey, Buffer.alloc(0), "ojapay sign-up tickets", 32));
}

export function signUpTicket(totpKey: Buffer, signUpId: string): string {
  return createHmac("sha256", ticketKey(totpKey)).update(signUpId).digest("base64url");
}

export function ticketMatches(totpKey: Buffer, signUpId: string, ticket: string): boolean {
  const expected = Buffer.from(signUpTicket(totpKey, signUpId));
  const given = Buffer.from(ticket);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
