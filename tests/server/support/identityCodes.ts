import { and, desc, eq } from "drizzle-orm";
import { smsMessages } from "../../../server/db/schema";
import type { TestServer } from "./testServer";

interface InboxMessage {
  message_id: string;
  to: string;
  sms: string;
}

/** What the simulated phone `to` received, read as a developer would: the Termii simulator's inbox. */
async function inboxOf(server: TestServer, to: string): Promise<InboxMessage[]> {
  const res = await server.app.request(`/simulator/termii/messages?to=${to}`);
  if (res.status !== 200) throw new Error(`the simulated inbox answered ${res.status}`);
  return ((await res.json()) as { messages: InboxMessage[] }).messages;
}

/**
 * The identity codes a customer was sent, newest first, as the phone received them: the SMS outbox is
 * sent first (the real sender, to the simulated Termii), and each of the customer's messages is read
 * from the simulated phone's inbox by the id Termii gave it. `stored` is what the outbox row keeps.
 */
export async function identityCodesSent(server: TestServer, userId: string) {
  await server.deps.sms?.sendDue();
  const rows = await server.db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.userId, userId), eq(smsMessages.purpose, "identity_code")))
    .orderBy(desc(smsMessages.createdAt));
  const inboxes = new Map<string, InboxMessage[]>();
  for (const to of new Set(rows.map((row) => row.recipient))) inboxes.set(to, await inboxOf(server, to));
  return rows.map((row) => {
    const received = inboxes.get(row.recipient)?.find((m) => m.message_id === row.providerMessageId);
    if (!received) throw new Error(`the phone never received identity code SMS ${row.id}`);
    const code = received.sms.match(/\b\d{6}\b/)?.[0];
    if (!code) throw new Error("an identity code SMS without a code");
    return { code, to: received.to, sealed: row.sealed, stored: row.message, text: received.sms };
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
