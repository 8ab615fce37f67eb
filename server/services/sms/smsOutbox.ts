import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { smsMessages } from "../../db/schema";
import { internationalPhone } from "../../outside/termii/termiiNumbers";
import type { SmsSettings } from "../../outside/termii/termiiSettings";
import { sealSecret } from "../accounts/secretBox";

/** Why a message is sent; the receipt and the operator read it, the text never. */
export type SmsPurpose = "token" | "outcome" | "identity_code" | "dispute";

export interface QueuedSms {
  userId: string | null;
  /** The phone as OjaPay holds it (`080…`, `234…`, `+234…`). */
  to: string;
  text: string;
  purpose: SmsPurpose;
  transactionId?: string;
  /** A token or a code: sealed at rest and never written to a log. */
  secret?: boolean;
}

interface SmsConfig {
  sms: SmsSettings | null;
  /** Seals secret messages at rest, as the mail outbox does. */
  totpKey: Buffer;
}

/** Whether SMS can be sent at all; without it the app says "by email only". */
export function smsConfigured(config: { sms: SmsSettings | null }): boolean {
  return config.sms !== null;
}

/**
 * Puts an SMS in the outbox in the caller's transaction, so a settlement and its message commit (or
 * roll back) together and the request never waits for the gateway. Answers null, writing nothing,
 * when SMS is not configured.
 */
export async function queueSms(
  tx: Queryable,
  deps: { clock: Clock; config: SmsConfig },
  sms: QueuedSms,
): Promise<{ id: string } | null> {
  if (!smsConfigured(deps.config)) return null;
  const recipient = internationalPhone(sms.to);
  // A number OjaPay holds was checked when it was taken; one that is not a Nigerian mobile is a bug.
  if (!recipient)
    throw new Error(`an SMS was queued for a number that is not a Nigerian mobile (${sms.purpose})`);
  const secret = sms.secret ?? false;
  const now = deps.clock.now();
  const [row] = await tx
    .insert(smsMessages)
    .values({
      userId: sms.userId,
      transactionId: sms.transactionId ?? null,
      purpose: sms.purpose,
      recipient,
      message: secret ? sealSecret(deps.config.totpKey, sms.text) : sms.text,
      sealed: secret,
      createdAt: now,
      nextAttemptAt: now,
    })
    .returning({ id: smsMessages.id });
  if (!row) throw new Error("the SMS outbox answered no row");
  return { id: row.id };
}
