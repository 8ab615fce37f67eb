import { describe, expect, it, vi } from "vitest";
import { hashSecret, verifySecret } from "../../server/services/secrets";

// The server projects hash cheaply (tests/support/cheapPasswordHashes.ts); this file checks the real cost.
vi.unmock("@node-rs/argon2");

describe("secret hashing", () => {
  it("uses argon2id at OWASP's floor: 19 MiB, 2 passes, 1 lane", async () => {
    const hash = await hashSecret("correct horse 1");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(hash, "correct horse 1")).toBe(true);
    expect(await verifySecret(hash, "correct horse 2")).toBe(false);
  });
});
