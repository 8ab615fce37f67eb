import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { smsMessages } from "../../server/db/schema";
import { openSecret } from "../../server/services/accounts/secretBox";
import { queueSms, smsConfigured } from "../../server/services/sms/smsOutbox";
import { ownServerWithin, serverForFile } from "./support/serverForFile";

// The SMS outbox as its callers use it: a message queued in the transaction of what it announces,
// gone if that transaction rolls back, a token sealed at rest, nothing written when SMS is off.

const server = serverForFile();

describe("with SMS on (the Termii simulator)", () => {
  it("queues a message in the caller's transaction, the number in international form", async () => {
    const user = await server.signedInCustomer();
    const queued = await server.db.transaction((tx) =>
      queueSms(tx, server.deps, {
        userId: user.id,
        to: "08031234567",
        text: "Your purchase went through",
        purpose: "outcome",
      }),
    );
    expect(queued).not.toBeNull();
    const [row] = await server.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.id, queued?.id ?? ""));
    expect(row).toMatchObject({
      userId: user.id,
      recipient: "2348031234567",
      purpose: "outcome",
      message: "Your purchase went through",
      sealed: false,
      sentAt: null,
    });
  });

  it("writes nothing when the caller's transaction rolls back", async () => {
    const before = await server.db.select({ id: smsMessages.id }).from(smsMessages);
    await expect(
      server.db.transaction(async (tx) => {
        await queueSms(tx, server.deps, {
          userId: null,
          to: "+2349031234567",
          text: "never",
          purpose: "dispute",
        });
        throw new Error("the settlement failed");
      }),
    ).rejects.toThrow("the settlement failed");
    expect(await server.db.select({ id: smsMessages.id }).from(smsMessages)).toHaveLength(before.length);
  });

  it("seals a token at rest", async () => {
    const text = "Token 1234-5678-9012-3456-7890 (12.5 kWh)";
    const queued = await queueSms(server.db, server.deps, {
      userId: null,
      to: "2347031234567",
      text,
      purpose: "token",
      secret: true,
    });
    const [row] = await server.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.id, queued?.id ?? ""));
    expect(row?.sealed).toBe(true);
    expect(row?.message).not.toContain("1234-5678");
    expect(openSecret(server.deps.config.totpKey, row?.message ?? "")).toBe(text);
  });

  it("refuses a number that is not a Nigerian mobile (a bug in the caller)", async () => {
    await expect(
      queueSms(server.db, server.deps, { userId: null, to: "12345", text: "x", purpose: "outcome" }),
    ).rejects.toThrow(/not a Nigerian mobile/);
  });
});

describe("with SMS off", () => {
  ownServerWithin(server, { SMS_PROVIDER: "off" });

  it("says so and queues nothing (by email only)", async () => {
    expect(smsConfigured(server.deps.config)).toBe(false);
    const before = await server.db.select({ id: smsMessages.id }).from(smsMessages);
    const queued = await queueSms(server.db, server.deps, {
      userId: null,
      to: "08031234567",
      text: "x",
      purpose: "outcome",
    });
    expect(queued).toBeNull();
    expect(await server.db.select({ id: smsMessages.id }).from(smsMessages)).toHaveLength(before.length);
  });
});
