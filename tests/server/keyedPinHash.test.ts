import { describe, expect, it } from "vitest";
import { hashPin, type PinKeys, verifyPin } from "../../server/services/accounts/keyedPinHash";
import { hashSecret } from "../../server/services/accounts/secrets";

const key = (id: string, hex: string) => ({ id, secret: Buffer.from(hex.repeat(16), "hex") });
const current = key("2026b", "a1b2");
const older = key("2026a", "c3d4");
const keys: PinKeys = [current, older];
const ada = "0b6f3d0e-1c4e-4b43-9d55-3f1f2a9c8e01";
const bola = "7d2a9b4c-5e6f-4a1b-8c3d-2e1f0a9b8c7d";

describe("the keyed PIN hash", () => {
  it("is HMAC-SHA-256 under the current key, named by its id, and not the PIN", () => {
    const stored = hashPin(keys, ada, "4826");
    expect(stored).toMatch(/^hmac-sha256\$2026b\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain("4826");
  });

  it("differs for two customers with the same PIN, and for two PINs of one customer", () => {
    expect(hashPin(keys, ada, "4826")).not.toBe(hashPin(keys, bola, "4826"));
    expect(hashPin(keys, ada, "4826")).not.toBe(hashPin(keys, ada, "4827"));
  });

  it("takes the right PIN and refuses a wrong one, or another customer's hash", async () => {
    const stored = hashPin(keys, ada, "4826");
    expect(await verifyPin(keys, ada, stored, "4826")).toEqual({ right: true, stale: false });
    expect(await verifyPin(keys, ada, stored, "4827")).toEqual({ right: false, stale: false });
    expect(await verifyPin(keys, bola, stored, "4826")).toEqual({ right: false, stale: false });
  });

  it("takes a PIN hashed under an older key still listed, and marks it for rewriting", async () => {
    const stored = hashPin([older], ada, "4826");
    expect(stored).toMatch(/^hmac-sha256\$2026a\$/);
    expect(await verifyPin(keys, ada, stored, "4826")).toEqual({ right: true, stale: true });
    expect(await verifyPin(keys, ada, stored, "4827")).toEqual({ right: false, stale: false });
  });

  it("refuses a hash under a key no longer listed, even with the right PIN", async () => {
    const stored = hashPin([key("2025", "e5f6")], ada, "4826");
    expect(await verifyPin(keys, ada, stored, "4826")).toEqual({ right: false, stale: false });
  });

  it("refuses a hash whose key id was swapped for the current one", async () => {
    const underOlder = hashPin([older], ada, "4826");
    const relabelled = underOlder.replace("$2026a$", "$2026b$");
    expect(await verifyPin(keys, ada, relabelled, "4826")).toEqual({ right: false, stale: false });
  });

  it.each([
    ["a truncated mac", (h: string) => h.slice(0, -4)],
    ["an extra part", (h: string) => `${h}$x`],
    ["another scheme", (h: string) => h.replace("hmac-sha256", "hmac-sha1")],
    ["no key id", (h: string) => h.replace("$2026b$", "$$")],
  ])("refuses %s", async (_name, spoil) => {
    const stored = spoil(hashPin(keys, ada, "4826"));
    expect(await verifyPin(keys, ada, stored, "4826")).toEqual({ right: false, stale: false });
  });

  it("takes an argon2id hash made before keyed hashes, and marks it for rewriting", async () => {
    const stored = await hashSecret("4826");
    expect(await verifyPin(keys, ada, stored, "4826")).toEqual({ right: true, stale: true });
    expect(await verifyPin(keys, ada, stored, "4827")).toEqual({ right: false, stale: false });
  });
});
