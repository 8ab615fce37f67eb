import { eq } from "drizzle-orm";
import type { KycLimits, KycOverrideBody } from "../../../schemas/kyc";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { operatorSettings, users } from "../../db/schema";
import { notFound, Refusal } from "../../refusal";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";
import { kycLimitsOf, kycLimitValues } from "./tierLimits";

type Deps = { db: Database; clock: Clock };

/** Admins set each tier's limits; audited with what they were. */
export async function setKycLimits(deps: Deps, actor: Actor, body: KycLimits): Promise<KycLimits> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(operatorSettings).where(eq(operatorSettings.id, 1)).for("update");
    const before = kycLimitsOf(row);
    const values = { ...kycLimitValues(body), updatedAt: deps.clock.now(), updatedBy: actor.user.id };
    await tx
      .insert(operatorSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: operatorSettings.id, set: values });
    await recordAuditBy(tx, deps.clock, actor, {
      action: "settings.update",
      targetType: "kyc_limits",
      targetId: null,
      before,
      after: body,
    });
  });
  return body;
}

/**
 * An admin sets a customer's tier by hand, with a reason (audited): tier 3 after checking an address
 * and documents outside the app, or down after a concern. A checked identity stays on record.
 */
export async function overrideTier(deps: Deps, actor: Actor, userId: string, body: KycOverrideBody) {
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!before) throw notFound("No user with that id.");
    if (before.role !== "customer") throw new Refusal("not_allowed", "Only customers have a KYC tier.");
    const now = deps.clock.now();
    await tx
      .update(users)
      .set({ kycTier: body.tier, kycTierSource: "admin", kycTierReason: body.reason, updatedAt: now })
      .where(eq(users.id, userId));
    await recordAuditBy(tx, deps.clock, actor, {
      action: "kyc.override",
      targetType: "user",
      targetId: userId,
      before: { tier: before.kycTier, source: before.kycTierSource },
      after: { tier: body.tier, source: "admin", reason: body.reason },
    });
  });
}
