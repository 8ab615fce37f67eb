import { eq } from "drizzle-orm";
import type { EmergencyBody, EmergencyStatus } from "../../../schemas/admin";
import type { Clock } from "../../clock";
import type { Database, Queryable } from "../../db/database";
import { emergencyMode, users } from "../../db/schema";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";

/** What every page shows of the switch: whether it is on and the admin's words (one row, no join). */
export async function emergencyNotice(db: Queryable): Promise<{ enabled: boolean; message: string }> {
  const [row] = await db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
  return { enabled: row?.enabled ?? false, message: row?.message ?? "" };
}

export async function emergencyStatus(db: Queryable): Promise<EmergencyStatus> {
  const [row] = await db
    .select({ mode: emergencyMode, by: users })
    .from(emergencyMode)
    .leftJoin(users, eq(users.id, emergencyMode.updatedBy))
    .where(eq(emergencyMode.id, 1));
  return {
    enabled: row?.mode.enabled ?? false,
    message: row?.mode.message ?? "",
    updated_at: row?.mode.updatedAt?.toISOString() ?? null,
    updated_by: row?.by ? { id: row.by.id, email: row.by.email } : null,
  };
}

/** Turns sales off (with the message customers will read) or back on; audited in the same transaction. */
export async function setEmergencyMode(
  deps: { db: Database; clock: Clock },
  actor: Actor,
  body: EmergencyBody,
) {
  return deps.db.transaction(async (tx) => {
    const before = await emergencyStatus(tx);
    await tx
      .update(emergencyMode)
      .set({
        enabled: body.enabled,
        message: body.enabled ? (body.message ?? "") : "",
        updatedAt: deps.clock.now(),
        updatedBy: actor.user.id,
      })
      .where(eq(emergencyMode.id, 1));
    const after = await emergencyStatus(tx);
    await recordAuditBy(tx, deps.clock, actor, {
      action: "emergency.update",
      targetType: "emergency_mode",
      targetId: "1",
      before: { enabled: before.enabled, message: before.message },
      after: { enabled: after.enabled, message: after.message },
    });
    return after;
  });
}
