import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { AuditAction } from "../../../schemas/admin";
import { identityTypeName } from "../../../schemas/kyc";
import type { Clock } from "../../clock";
import type { Database, Transaction } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { identityChecks, identityConfirmations, users } from "../../db/schema";
import type { UserRow } from "../../deps";
import { notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import { noticeToCustomer } from "../notices/customerNotices";
import type { Actor } from "../people/actor";
import { smsConfigured } from "../sms/smsOutbox";
import { lockDetails } from "./detailsLock";
import { type CodeDeps, sendIdentityCode } from "./identityCodes";
import { checkedTier } from "./kycStatus";
import { nationalNumber } from "./recordMatch";

type CheckRow = typeof identityChecks.$inferSelect;
export type ConfirmationRow = typeof identityConfirmations.$inferSelect;
type Deps = CodeDeps & { db: Database };

export const numberTaken = (kind: string) =>
  new Refusal(
    "already_exists",
    `This ${kind} is already linked to another OjaPay account. If it is yours, tell us and staff will look into it.`,
    { data: { contestable: true } },
  );

/**
 * A check the registry matched, in one transaction: the check recorded, the details it was asked
 * about fixed, a code still waiting from an earlier check ended, and then what proves the number is
 * the customer's own: a code by SMS to THE RECORD'S phone (whoever's phone the profile names), or,
 * with no phone on the record or no SMS to send by, staff. A match alone proves only that someone
 * knows the person's name, date of birth and number, so it never raises the tier by itself.
 */
export async function openConfirmation(
  deps: Deps,
  check: Omit<typeof identityChecks.$inferInsert, "outcome">,
  recordPhone: string | null,
): Promise<ConfirmationRow> {
  const phone = recordPhone === null ? null : nationalNumber(recordPhone);
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      await lockDetails(tx, check.userId, now);
      const [checked] = await tx
        .insert(identityChecks)
        .values({ ...check, outcome: "matched" })
        .returning({ id: identityChecks.id });
      if (!checked) throw new Error("the check answered no row");
      await tx
        .update(identityConfirmations)
        .set({ status: "ended", resolvedAt: now })
        .where(
          and(
            eq(identityConfirmations.userId, check.userId),
            eq(identityConfirmations.status, "pending"),
            eq(identityConfirmations.way, "code"),
          ),
        );
      const id = randomUUID();
      const sent =
        phone && smsConfigured(deps.config)
          ? await sendIdentityCode(tx, deps, { confirmationId: id, userId: check.userId, phone })
          : null;
      const [row] = await tx
        .insert(identityConfirmations)
        .values({
          id,
          userId: check.userId,
          checkId: checked.id,
          way: sent ? "code" : "review",
          reason: sent ? null : phone ? "registry_phone_no_sms" : "no_registry_phone",
          phone,
          ...sent,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("the confirmation answered no row");
      return row;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A second check of the same customer's answered at the same moment: the first one stands.
    throw new Refusal("changed_meanwhile", "Another check of yours was answered at the same moment.");
  }
}

/** The customer's confirmation waiting for a code or for staff, if any. */
export async function pendingConfirmation(
  db: Database | Transaction,
  userId: string,
): Promise<ConfirmationRow | undefined> {
  const [row] = await db
    .select()
    .from(identityConfirmations)
    .where(and(eq(identityConfirmations.userId, userId), eq(identityConfirmations.status, "pending")));
  return row;
}

/** The checked number becomes the account's: tier 2 (or the higher one an admin set), the record's name. */
async function linkIdentity(tx: Transaction, now: Date, check: CheckRow) {
  const [before] = await tx.select().from(users).where(eq(users.id, check.userId)).for("update");
  if (!before) throw notFound("No user with that id.");
  if (before.identityVerifiedAt) throw new Refusal("not_allowed", "This identity is verified already.");
  const higher = before.kycTier > checkedTier;
  const [after] = await tx
    .update(users)
    .set({
      kycTier: Math.max(before.kycTier, checkedTier),
      kycTierSource: higher ? before.kycTierSource : "identity_check",
      kycTierReason: higher ? before.kycTierReason : null,
      identityType: check.idType,
      identityLast4: check.last4,
      identityFingerprint: check.fingerprint,
      identityName: check.recordName,
      identityVerifiedAt: now,
      identityLockedAt: sql`coalesce(${users.identityLockedAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(users.id, before.id))
    .returning();
  if (!after) throw notFound("No user with that id.");
  return { before, after };
}

const identityOf = (user: UserRow) => ({
  tier: user.kycTier,
  tier_source: user.kycTierSource,
  id_type: user.identityType,
  id_last4: user.identityLast4,
  verified_at: user.identityVerifiedAt?.toISOString() ?? null,
});

/**
 * Closes a pending confirmation: approved (the right code, or staff) links the number and raises the
 * tier; rejected (staff) leaves the account as it is. Audited in the same transaction, by the customer
 * for a code, by staff for a review. A number another account verified meanwhile is recorded as a
 * "taken" check, which the customer may contest, and the confirmation ends.
 */
export async function closeConfirmation(
  deps: { db: Database; clock: Clock },
  id: string,
  actor: Actor,
  action: Extract<AuditAction, "kyc.code.confirm" | "kyc.match.approve" | "kyc.match.reject">,
  reason: string | null,
): Promise<UserRow> {
  const [first] = await deps.db.select().from(identityConfirmations).where(eq(identityConfirmations.id, id));
  if (!first) throw notFound("No identity match with that id.");
  const [check] = await deps.db.select().from(identityChecks).where(eq(identityChecks.id, first.checkId));
  if (!check) throw new Error("a confirmation without its check");
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(identityConfirmations)
        .where(eq(identityConfirmations.id, id))
        .for("update");
      if (row?.status !== "pending") {
        throw new Refusal("already_done", `This identity match was ${row?.status ?? "closed"} already.`);
      }
      const approve = action !== "kyc.match.reject";
      const changed = approve ? await linkIdentity(tx, now, check) : null;
      const [customer] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!customer) throw notFound("No user with that id.");
      await tx
        .update(identityConfirmations)
        .set({
          status: approve ? "approved" : "rejected",
          resolvedAt: now,
          resolvedBy: action === "kyc.code.confirm" ? null : actor.user.id,
          resolution: reason,
        })
        .where(eq(identityConfirmations.id, id));
      if (action !== "kyc.code.confirm") {
        const kind = `${identityTypeName[check.idType]} ending ${check.last4}`;
        await noticeToCustomer(tx, deps.clock, row.userId, {
          title: approve ? "Your identity is verified" : "We could not confirm your identity",
          body: approve
            ? `Staff confirmed your ${kind} is yours. Your account is now tier ${Math.max(customer.kycTier, checkedTier)}.`
            : `Staff could not confirm that your ${kind} is yours, so your tier stays as it is. Contact support if it is yours.`,
        });
      }
      await recordAuditBy(tx, deps.clock, actor, {
        action,
        targetType: "user",
        targetId: row.userId,
        before: { request: id, status: "pending", ...identityOf(changed?.before ?? customer) },
        after: {
          request: id,
          status: approve ? "approved" : "rejected",
          ...(reason && { reason }),
          ...identityOf(changed?.after ?? customer),
        },
      });
      return changed?.after ?? customer;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await deps.db.transaction(async (tx) => {
      const { id: _, ...taken } = check;
      await tx.insert(identityChecks).values({ ...taken, outcome: "taken", createdAt: now });
      await tx
        .update(identityConfirmations)
        .set({ status: "ended", resolvedAt: now })
        .where(and(eq(identityConfirmations.id, id), eq(identityConfirmations.status, "pending")));
    });
    throw numberTaken(identityTypeName[check.idType]);
  }
}
