import { hash, verify } from "@node-rs/argon2";

// argon2id (Algorithm.Argon2id is a const enum, so its value is written out) with OWASP's
// recommended floor: 19 MiB, 2 passes, 1 lane.
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, options);
}

export async function verifySecret(secretHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(secretHash, secret);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/** Spends the same time as a real check, so an unknown email cannot be told from a wrong password. */
export async function verifyDecoy(secret: string): Promise<false> {
  decoy ??= hashSecret("decoy password that matches nothing");
  await verifySecret(await decoy, secret);
  return false;
}
