import { and, desc, eq } from "drizzle-orm";
import { smsMessages } from "../../../server/db/schema";
import { openSecret } from "../../../server/services/accounts/secretBox";
import type { TestServer } from "./testServer";

/**
 * The identity codes a customer was sent, newest first, as the phone received them: the SMS outbox's
 * sealed text opened with the server's key (what the Termii sender would send), and where it went.
 */
export async function identityCodesSent(server: TestServer, userId: string) {
  const rows = await server.db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.userId, userId), eq(smsMessages.purpose, "identity_code")))
    .orderBy(desc(smsMessages.createdAt));
  return rows.map((row) => {
    const text =
      row.sealed && row.message ? openSecret(server.deps.config.totpKey, row.message) : row.message;
    const code = text?.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error("an identity code SMS without a code");
    return { code, to: row.recipient, sealed: row.sealed, stored: row.message, text };
  });
}

/** The newest identity code a customer was sent. */
export async function lastIdentityCode(server: TestServer, userId: string): Promise<string> {
  const [sent] = await identityCodesSent(server, userId);
  if (!sent) throw new Error("no identity code was sent");
  return sent.code;
}

/**
 * A check the registry matches, then the code the record's phone received: tier 2, as a customer
 * gets it. Answers the check's answer and the code's.
 */
export async function verifiedByCode(
  server: TestServer,
  person: { id: string; token: string },
  body: { id_type: "bvn" | "nin"; number: string; date_of_birth?: string },
) {
  const checked = await server.send("POST /core/customer/kyc/verify", { token: person.token, body });
  if (checked.status !== 200) return { checked, confirmed: null };
  const code = await lastIdentityCode(server, person.id);
  const confirmed = await server.send("POST /core/customer/kyc/confirm-code", {
    token: person.token,
    body: { code },
  });
  return { checked, confirmed };
}
