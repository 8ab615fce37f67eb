import { createHmac, timingSafeEqual } from "node:crypto";
import { verifySecret } from "./secrets";

/**
 * Transaction PINs are kept as HMAC-SHA-256 under a key from the settings (`PIN_KEYS`), never in the
 * database. A 4-digit PIN has 10,000 values, so a slow hash of one falls to a copy of the database in
 * minutes whatever its cost; a keyed hash cannot be tried at all without the key, and costs next to
 * nothing on every purchase. Stored as `hmac-sha256$<key id>$<base64url mac>`, so keys can rotate.
 */
export interface PinKey {
  id: string;
  secret: Buffer;
}

/** The first key hashes new PINs; every key listed still verifies the PINs hashed under it. */
export type PinKeys = readonly [PinKey, ...PinKey[]];

const scheme = "hmac-sha256";

/** The key used while the simulators are on (development and tests); refused anywhere else. */
export const developmentPinKey = { id: "dev", secret: "d1e5".repeat(16) } as const;

// The user id is in the message, so two customers with the same PIN get different hashes and one
// customer's hash cannot be copied onto another's row.
function mac(secret: Buffer, userId: string, pin: string): Buffer {
  return createHmac("sha256", secret).update(`ojapay transaction pin\0${userId}\0${pin}`).digest();
}

export function hashPin(keys: PinKeys, userId: string, pin: string): string {
  const [current] = keys;
  return `${scheme}$${current.id}$${mac(current.secret, userId, pin).toString("base64url")}`;
}

export interface PinCheck {
  right: boolean;
  /** Right, but hashed by argon2 or under an older key: the caller rewrites it under the current key. */
  stale: boolean;
}

const wrong: PinCheck = { right: false, stale: false };

/** Whether `stored` is an argon2id hash, which takes a slow check (`verifyPin`), not a keyed one. */
export const isSlowPinHash = (stored: string) => stored.startsWith("$argon2");

export async function verifyPin(
  keys: PinKeys,
  userId: string,
  stored: string,
  pin: string,
): Promise<PinCheck> {
  // PINs set before keyed hashes were argon2id; they stay good until their next right PIN upgrades them.
  if (isSlowPinHash(stored)) {
    return (await verifySecret(stored, pin)) ? { right: true, stale: true } : wrong;
  }
  return verifyKeyedPin(keys, userId, stored, pin);
}

/** `verifyPin` of a hash that is not argon2id's: instant, so it needs no turn held while it runs. */
export function verifyKeyedPin(keys: PinKeys, userId: string, stored: string, pin: string): PinCheck {
  const [kind, keyId, encoded, ...rest] = stored.split("$");
  if (kind !== scheme || !keyId || !encoded || rest.length > 0) return wrong;
  // A key no longer listed cannot vouch for anything: its PINs must be set again.
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) return wrong;
  const expected = Buffer.from(encoded, "base64url");
  const actual = mac(key.secret, userId, pin);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return wrong;
  return { right: true, stale: key !== keys[0] };
}
