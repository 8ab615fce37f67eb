import type { AuditAction } from "../../schemas/admin";
import type { AuditState } from "../../schemas/auditFields";
import type { Clock } from "../clock";
import type { Transaction } from "../db/database";
import { auditLog } from "../db/schema";
import type { Actor } from "./people/actor";

export interface AuditEntry {
  /** Null for what the system does by itself (a reconciliation run on schedule). */
  actorId: string | null;
  action: AuditAction;
  targetType: string;
  targetId: string | null;
  /** Every field named in schemas/auditFields.ts, which says how the audit page shows it. */
  before: AuditState | null;
  after: AuditState | null;
  ip: string | null;
}

/** Takes a transaction, not the database: the audit row commits or rolls back with the change it describes. */
export async function recordAudit(tx: Transaction, clock: Clock, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ ...entry, createdAt: clock.now() });
}

/** `recordAudit` for a change staff made: the actor's id and address recorded with it. */
export function recordAuditBy(
  tx: Transaction,
  clock: Clock,
  actor: Actor,
  entry: Omit<AuditEntry, "actorId" | "ip">,
): Promise<void> {
  return recordAudit(tx, clock, { ...entry, actorId: actor.user.id, ip: actor.ip });
}
