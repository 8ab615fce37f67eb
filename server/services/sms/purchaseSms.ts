import { and, desc, eq, sql } from "drizzle-orm";
import type { PurchaseSms, SmsState } from "../../../schemas/sms";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { smsMessages, smsResends, transactions, users } from "../../db/schema";
import { lagosDay } from "../../lagosCalendar";
import type { SmsSettings as SmsConfig } from "../../outside/termii/termiiSettings";
import { notFound, Refusal } from "../../refusal";
import { tokenText } from "./purchaseSmsTexts";
import { queueSms, smsConfigured } from "./smsOutbox";

/** "Resend token" a day, per purchase: enough for a lost message, too few to make OjaPay a free SMS service. */
export const tokenResendsADay = 3;

type Deps = { db: Database; clock: Clock; config: { sms: SmsConfig | null; totpKey: Buffer } };
type Message = typeof smsMessages.$inferSelect;

function stateOf(m: Message): SmsState {
  if (m.gaveUpAt) return "gave_up";
  if (!m.sentAt) return "queued";
  const reported = m.outcome as SmsState | "sent" | "other" | null;
  if (reported === "delivered" || reported === "dnd" || reported === "failed" || reported === "expired")
    return reported;
  if (reported === "unclear") return "unclear";
  return "sent";
}

async function purchaseOf(db: Database, userId: string, reference: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.reference, reference), eq(transactions.userId, userId)));
  // Someone else's purchase is answered as one that does not exist.
  if (!row) throw notFound("No such transaction.");
  return row;
}

const hasToken = (row: typeof transactions.$inferSelect) =>
  row.kind === "electricity" && row.status === "successful" && row.token !== null;

async function viewOf(deps: Deps, row: typeof transactions.$inferSelect): Promise<PurchaseSms> {
  const [last] = await deps.db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.transactionId, row.id))
    // A purchase that texted a token answers for the token's SMS, the one the buyer waits on: the
    // outcome text, sent with it to the customer's own phone, may be delivered while the token is not.
    .orderBy(desc(sql`${smsMessages.purpose} = 'token'`), desc(smsMessages.createdAt))
    .limit(1);
  const [used] = await deps.db
    .select({ count: smsResends.count })
    .from(smsResends)
    .where(and(eq(smsResends.transactionId, row.id), eq(smsResends.day, lagosDay(deps.clock.now()))));
  const on = smsConfigured(deps.config);
  const left = Math.max(0, tokenResendsADay - (used?.count ?? 0));
  return {
    sms_on: on,
    sms: last
      ? {
          purpose: last.purpose,
          state: stateOf(last),
          status: last.status,
          at: (last.statusAt ?? last.sentAt ?? last.gaveUpAt ?? last.createdAt).toISOString(),
        }
      : null,
    kcts: row.kind === "electricity" && row.kcts ? row.kcts.split(" ") : null,
    can_resend_token: on && hasToken(row) && left > 0,
    resends_left: on && hasToken(row) ? left : 0,
  };
}

export async function purchaseSmsOf(deps: Deps, userId: string, reference: string): Promise<PurchaseSms> {
  return viewOf(deps, await purchaseOf(deps.db, userId, reference));
}

/**
 * Queues the token again. The day's count is reserved by one upsert that refuses past the
 * allowance, in the same transaction as the message: parallel requests cannot pass three.
 */
export async function resendToken(deps: Deps, userId: string, reference: string): Promise<PurchaseSms> {
  const row = await purchaseOf(deps.db, userId, reference);
  if (!smsConfigured(deps.config)) {
    throw new Refusal(
      "not_allowed",
      "SMS is not available here: your token is in your email and on this receipt.",
    );
  }
  if (!hasToken(row))
    throw new Refusal("not_allowed", "Only a delivered prepaid electricity token can be resent.");
  const day = lagosDay(deps.clock.now());
  await deps.db.transaction(async (tx) => {
    const reserved = await tx
      .insert(smsResends)
      .values({ transactionId: row.id, day, count: 1 })
      .onConflictDoUpdate({
        target: [smsResends.transactionId, smsResends.day],
        set: { count: sql`${smsResends.count} + 1` },
        setWhere: sql`${smsResends.count} < ${tokenResendsADay}`,
      })
      .returning({ count: smsResends.count });
    if (reserved.length === 0) {
      throw new Refusal("rate_limited", "This token has been resent three times today. Try again tomorrow.");
    }
    const [buyer] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
    const given = (row.order as { phone?: unknown } | null)?.phone;
    const to = typeof given === "string" && given ? given : (buyer?.phone ?? "");
    await queueSms(tx, deps, {
      userId,
      to,
      text: tokenText(row),
      purpose: "token",
      transactionId: row.id,
      secret: true,
    });
  });
  return viewOf(deps, row);
}
