import { and, eq } from "drizzle-orm";
import type { KycStatus } from "../../../schemas/kycStatus";
import type { Queryable } from "../../db/database";
import { identityChecks, identityConfirmations } from "../../db/schema";
import { identityCodeRules, maskedPhone } from "./identityCodes";

const iso = (at: Date | null) => at?.toISOString() ?? null;

/**
 * What the customer's profile says of a matched check still waiting: for a code, the masked phone it
 * went to, when it stops working and when another may be asked for; for staff, only that they will.
 */
export async function waitingConfirmation(db: Queryable, userId: string): Promise<KycStatus["confirmation"]> {
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
    resend_at: code ? iso(resendAt(c)) : null,
  };
}

/** The earliest a new code may be asked for: a minute after the last, or when the day's five are behind. */
function resendAt(c: typeof identityConfirmations.$inferSelect): Date | null {
  if (!c.codeSentAt) return null;
  const nextMinute = c.codeSentAt.getTime() + identityCodeRules.resendAfterMs;
  const since = c.sendsSince?.getTime() ?? c.codeSentAt.getTime();
  const dayEnds = since + identityCodeRules.dayMs;
  const used = c.sends >= identityCodeRules.sendsPerDay && dayEnds > nextMinute;
  return new Date(used ? dayEnds : nextMinute);
}
