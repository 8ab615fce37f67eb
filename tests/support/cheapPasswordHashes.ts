import type { Options } from "@node-rs/argon2";
import { vi } from "vitest";

/**
 * A setup file of the server projects. argon2id at the production cost (19 MiB, 2 passes) takes tens
 * of milliseconds a hash on these machines, and the server suite hashes and checks thousands of
 * passwords and codes (and the argon2 PIN hashes of older rows). Here every hash is made at the lowest cost
 * instead, whatever the server asks for; a check reads the cost from the hash itself, so nothing else
 * changes. tests/server/secretCost.test.ts checks the production cost
 * in a process of its own.
 */
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const argon2 = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...argon2,
    hash: (secret: string | Uint8Array, options?: Options | null) =>
      argon2.hash(secret, { ...options, memoryCost: 1024, timeCost: 1 }),
  };
});
