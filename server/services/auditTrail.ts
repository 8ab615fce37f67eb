import { and, count, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AuditAction } from "../../schemas/admin";
import type { Database } from "../db/database";
import { containing } from "../db/likePattern";
import { offsetOf, pageOf } from "../db/paging";
import { auditLog, users } from "../db/schema";

/** The audit log, newest first; `actor` matches part of the actor's email or name, `action` exactly. */
export async function listAudit(
  db: Database,
  query: { page: number; page_size: number; actor?: string | undefined; action?: AuditAction | undefined },
) {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.actor) {
    const like = containing(query.actor);
    const any = or(
      ilike(users.email, like),
      ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
    );
    if (any) conditions.push(any);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [total] = await db
    .select({ n: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  const rows = await db
    .select({ entry: auditLog, actor: users })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.seq))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(
    query,
    total?.n,
    rows.map(({ entry, actor }) => ({
      id: entry.id,
      actor: actor
        ? { id: actor.id, email: actor.email, name: `${actor.firstName} ${actor.lastName}` }
        : null,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      created_at: entry.createdAt.toISOString(),
    })),
  );
}
