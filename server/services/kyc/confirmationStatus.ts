import { and, eq } from "drizzle-orm";
import type { KycStatus } from "../../../schemas/kycStatus";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { identityChecks, identityConfirmations } from "../../db/schema";
import { codesSentToday, identityCodeRules, maskedPhone } from "./identityCodes";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What the customer's profile says of a matched check still waiting: for a code, the masked phone it
 * went to, when it stops working and when another may be asked for; for staff, only that they will.
 */
export async function waitingConfirmation(
  db: Queryable,
  clock: Clock,
  userId: string,
): Promise<KycStatus["confirmation"]> {
  const [row] = await db
    .select({ confirmation: identityConfirmations, check: identityChecks })
    .from(identityConfirmations)
    .innerJoin(identityChecks, eq(identityChecks.id, identityConfirmations.checkId))
    .where(and(eq(identityConfirmations.userId, userId), eq(identityConfirmations.status, "pending")));
  if (!row) return null;
  const { confirmation: c, check } = row;
  const code = c.way === "code";
  return {
    state: code ? "awaiting_code" : "in_review",
    id_type: check.idType,
    id_last4: check.last4,
    phone: code && c.phone ? maskedPhone(c.phone) : null,
    expires_at: code ? iso(c.codeExpiresAt) : null,
    resend_at: code ? iso(await resendAt(db, clock, c)) : null,
  };
}

/** The earliest a new code may be asked for: a minute after the last, or when the day's five are behind. */
async function resendAt(db: Queryable, clock: Clock, c: typeof identityConfirmations.$inferSelect) {
  if (!c.codeSentAt) return null;
  const nextMinute = c.codeSentAt.getTime() + identityCodeRules.resendAfterMs;
  const { nextAt } = await codesSentToday(db, clock, c.userId);
  return new Date(Math.max(nextMinute, nextAt?.getTime() ?? 0));
}
