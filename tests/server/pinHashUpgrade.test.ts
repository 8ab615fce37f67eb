import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tryCounters, users } from "../../server/db/schema";
import { hashPin } from "../../server/services/accounts/keyedPinHash";
import { hashSecret } from "../../server/services/accounts/secrets";
import { pinTries } from "../../server/services/purchases/purchaseRules";
import { walletBalance } from "./support/ledgerInvariants";
import { type Customer, serverForFile } from "./support/serverForFile";

// "current" hashes new PINs; "older" is a key being rotated out, still listed so its PINs verify.
const currentHex = "c0ffee11".repeat(8);
const olderHex = "0bad5eed".repeat(8);
const older = { id: "older", secret: Buffer.from(olderHex, "hex") };
const retired = { id: "retired", secret: Buffer.from("dead10cc".repeat(8), "hex") };

const server = serverForFile({ PIN_KEYS: `current:${currentHex},older:${olderHex}` });

// The same ₦100 again within 30 seconds is otherwise asked to be confirmed as no duplicate.
const buyAirtime = (c: Customer, pin = c.pin) =>
  server.buyAirtime(c, "08031234567", 10_000, { pin, allow_duplicate: true });

async function storedHash(c: Customer): Promise<string | null | undefined> {
  const [row] = await server.db.select({ pinHash: users.pinHash }).from(users).where(eq(users.id, c.id));
  return row?.pinHash;
}

async function storeHash(c: Customer, pinHash: string): Promise<void> {
  await server.db.update(users).set({ pinHash }).where(eq(users.id, c.id));
}

const underCurrentKey = /^hmac-sha256\$current\$[A-Za-z0-9_-]{43}$/;
const wrongPin = (left: number) => ({
  status: 400,
  body: { code: "wrong_pin", msg: `Incorrect PIN. You have ${left} attempts left.` },
});

describe("a PIN kept as an argon2 hash, as older rows hold", () => {
  it("buys with the right PIN and is then kept under the current key, which checks it from then on", async () => {
    const c = await server.fundedCustomer(100_000, "2580");
    const argon2Hash = await hashSecret(c.pin);
    await storeHash(c, argon2Hash);

    expect((await buyAirtime(c)).status).toBe(200);
    const upgraded = await storedHash(c);
    expect(upgraded).toMatch(underCurrentKey);
    expect(upgraded).toBe(hashPin(server.deps.config.pinKeys, c.id, c.pin));

    expect((await buyAirtime(c)).status).toBe(200);
    expect(await buyAirtime(c, "0852")).toMatchObject(wrongPin(4));
    expect(await storedHash(c)).toBe(upgraded);
  });

  it("counts a wrong PIN toward the lock and keeps the argon2 hash", async () => {
    const c = await server.fundedCustomer(100_000, "2580");
    const argon2Hash = await hashSecret(c.pin);
    await storeHash(c, argon2Hash);

    expect(await buyAirtime(c, "0852")).toMatchObject(wrongPin(4));
    expect(await storedHash(c)).toBe(argon2Hash);
    const [counter] = await server.db
      .select()
      .from(tryCounters)
      .where(eq(tryCounters.key, pinTries(c.id)));
    expect(counter).toMatchObject({ failures: 1, pending: 0 });
  });

  it("lets simultaneous purchases with the right PIN all through, and ends under the current key", async () => {
    const c = await server.fundedCustomer(100_000, "2580");
    await storeHash(c, await hashSecret(c.pin));
    const answers = await Promise.all(Array.from({ length: 8 }, () => buyAirtime(c)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(await storedHash(c)).toMatch(underCurrentKey);
    expect(await walletBalance(server.db, c.id)).toBe(100_000 - 8 * 9_800);
  });

  it("still buys when the hash cannot be rewritten, and logs that without the PIN or either hash", async () => {
    const c = await server.fundedCustomer(100_000, "2580");
    const argon2Hash = await hashSecret(c.pin);
    await storeHash(c, argon2Hash);
    await server.db.execute(
      sql.raw(`create function refuse_pin_hash_change() returns trigger
      language plpgsql as $$ begin raise exception 'pin_hash is read-only in this test'; end $$`),
    );
    await server.db.execute(
      sql.raw(`create trigger refuse_pin_hash_change before update of pin_hash
      on users for each row execute function refuse_pin_hash_change()`),
    );
    server.logLines.length = 0;
    try {
      expect((await buyAirtime(c)).status).toBe(200);
    } finally {
      await server.db.execute(sql.raw("drop trigger refuse_pin_hash_change on users"));
      await server.db.execute(sql.raw("drop function refuse_pin_hash_change()"));
    }
    expect(await storedHash(c)).toBe(argon2Hash);
    const warning = server.logLines.find((line) => line.includes("could not be moved to the current key"));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning as string)).toMatchObject({ level: 40, userId: c.id });
    const logs = server.logLines.join("\n");
    expect(logs).toContain("pin_hash is read-only in this test");
    expect(logs).not.toContain(argon2Hash);
    expect(logs).not.toContain(hashPin(server.deps.config.pinKeys, c.id, c.pin));
    expect(logs).not.toMatch(/"pin"\s*:\s*"2580"/);
    // Still argon2, so the next right PIN tries the rewrite again.
    expect((await buyAirtime(c)).status).toBe(200);
    expect(await storedHash(c)).toMatch(underCurrentKey);
  });
});

describe("rotating PIN_KEYS", () => {
  it("takes a PIN hashed under an older key still listed, and rewrites it under the current key", async () => {
    const c = await server.fundedCustomer(100_000, "2580");
    await storeHash(c, hashPin([older], c.id, c.pin));
    expect((await buyAirtime(c)).status).toBe(200);
    expect(await storedHash(c)).toMatch(underCurrentKey);
    expect((await buyAirtime(c)).status).toBe(200);
  });

  it("refuses the right PIN as wrong when its key is no longer listed, and counts it", async () => {
    const c = await server.fundedCustomer(100_000, "2580");
    const orphaned = hashPin([retired], c.id, c.pin);
    await storeHash(c, orphaned);
    expect(await buyAirtime(c)).toMatchObject(wrongPin(4));
    expect(await storedHash(c)).toBe(orphaned);
    expect(await walletBalance(server.db, c.id)).toBe(100_000);
  });
});

describe("the stored PIN hash", () => {
  it("is not the PIN, and differs between two customers with the same PIN", async () => {
    const ada = await server.fundedCustomer(0, "2580");
    const bola = await server.fundedCustomer(0, "2580");
    const [adaHash, bolaHash] = [await storedHash(ada), await storedHash(bola)];
    expect(adaHash).toMatch(underCurrentKey);
    expect(bolaHash).toMatch(underCurrentKey);
    expect(adaHash).not.toBe(bolaHash);
    expect(adaHash).not.toContain("2580");
    expect(bolaHash).not.toContain("2580");
  });
});
