import { and, count, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { CircularBody, NotificationBody } from "../../../schemas/admin";
import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Database, Queryable } from "../../db/database";
import { offsetOf, pageOf } from "../../db/paging";
import { circulars, mailOutbox, notifications, users } from "../../db/schema";
import type { MailOutbox } from "../../mail/outbox";
import { recordAuditBy } from "../audit";
import type { Actor } from "../people/actor";

type Deps = { db: Database; clock: Clock; outbox: MailOutbox; config: Pick<Config, "smtpUrl"> };

const activeCustomers = and(
  eq(users.role, "customer"),
  eq(users.isActive, true),
  isNotNull(users.emailVerifiedAt),
);

/**
 * A notification to every customer: in their inbox at once, and by email where a mail server is set
 * up. Each email is put in the outbox by the same transaction (one statement, however many
 * customers) and sent after the answer, retried if the mail server fails.
 */
export async function sendNotification(deps: Deps, actor: Actor, body: NotificationBody) {
  const sent = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ ...body, createdBy: actor.user.id, createdAt: deps.clock.now() })
      .returning();
    if (!row) throw new Error("the notification was not saved");
    const [audience] = await tx.select({ n: count() }).from(users).where(activeCustomers);
    await recordAuditBy(tx, deps.clock, actor, {
      action: "notification.send",
      targetType: "notification",
      targetId: row.id,
      before: null,
      after: { title: body.title, recipients: audience?.n ?? 0 },
    });
    if (deps.config.smtpUrl) await queueEmails(tx, deps.clock.now(), body);
    return { row, recipients: audience?.n ?? 0 };
  });
  deps.outbox.kick();
  return {
    id: sent.row.id,
    title: sent.row.title,
    body: sent.row.body,
    created_at: sent.row.createdAt.toISOString(),
    recipients: sent.recipients,
  };
}

function queueEmails(tx: Queryable, now: Date, body: NotificationBody) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const text = sql`'Hello ' || ${users.firstName} || E',\n\n' || ${body.body}::text || E'\n\nOjaPay\n'`;
  const message = sql`json_build_object('subject', ${body.title}::text, 'text', ${text})::text`;
  const o = mailOutbox;
  return tx.execute(
    sql`insert into ${o} (${sql.identifier(o.kind.name)}, ${sql.identifier(o.recipient.name)}, ${sql.identifier(o.message.name)}, ${sql.identifier(o.sealed.name)}, ${sql.identifier(o.createdAt.name)}, ${sql.identifier(o.nextAttemptAt.name)})
        select 'notification', ${users.email}, ${message}, false, ${at}, ${at} from ${users} where ${activeCustomers}`,
  );
}

/**
 * Newest first; the id breaks ties so a page boundary never repeats or skips a notice. For a customer,
 * the notices to everyone and their own; for the admin, the ones sent to everyone.
 */
export async function listNotifications(
  db: Database,
  query: { page: number; page_size: number },
  customerId?: string,
) {
  const audience = customerId
    ? or(isNull(notifications.userId), eq(notifications.userId, customerId))
    : isNull(notifications.userId);
  const [total] = await db.select({ n: count() }).from(notifications).where(audience);
  const rows = await db
    .select()
    .from(notifications)
    .where(audience)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.page_size)
    .offset(offsetOf(query));
  return pageOf(
    query,
    total?.n,
    rows.map((n) => ({
      id: n.id,
      title: n.title,
      body: n.body,
      created_at: n.createdAt.toISOString(),
    })),
  );
}

const circularView = (c: typeof circulars.$inferSelect, now: Date) => ({
  id: c.id,
  title: c.title,
  body: c.body,
  starts_at: c.startsAt.toISOString(),
  ends_at: c.endsAt.toISOString(),
  current: c.startsAt <= now && c.endsAt > now,
});

export async function createCircular(deps: Pick<Deps, "db" | "clock">, actor: Actor, body: CircularBody) {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(circulars)
      .values({
        title: body.title,
        body: body.body,
        startsAt: new Date(body.starts_at),
        endsAt: new Date(body.ends_at),
        createdBy: actor.user.id,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error("the circular was not saved");
    const view = circularView(row, deps.clock.now());
    await recordAuditBy(tx, deps.clock, actor, {
      action: "circular.create",
      targetType: "circular",
      targetId: row.id,
      before: null,
      after: view,
    });
    return view;
  });
}

export async function listCirculars(deps: Pick<Deps, "db" | "clock">) {
  const rows = await deps.db.select().from(circulars).orderBy(desc(circulars.startsAt));
  return rows.map((c) => circularView(c, deps.clock.now()));
}
