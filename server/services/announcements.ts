import { and, count, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Logger } from "pino";
import type { CircularBody, NotificationBody } from "../../schemas/admin";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { offsetOf, pageOf } from "../db/paging";
import { circulars, notifications, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { recordAudit } from "./audit";
import type { Actor } from "./catalogueAdmin";

type Deps = { db: Database; clock: Clock; mailer: Mailer; config: Pick<Config, "smtpUrl">; logger: Logger };

const activeCustomers = and(
  eq(users.role, "customer"),
  eq(users.isActive, true),
  isNotNull(users.emailVerifiedAt),
);

/**
 * A notification to every customer: in their inbox at once, and by email where a mail server is set
 * up. The emails go out after the answer, a few at a time, so a large list does not hold the request.
 */
export async function sendNotification(deps: Deps, actor: Actor, body: NotificationBody) {
  const sent = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ ...body, createdBy: actor.user.id, createdAt: deps.clock.now() })
      .returning();
    if (!row) throw new Error("the notification was not saved");
    const [audience] = await tx.select({ n: count() }).from(users).where(activeCustomers);
    await recordAudit(tx, deps.clock, {
      actorId: actor.user.id,
      action: "notification.send",
      targetType: "notification",
      targetId: row.id,
      before: null,
      after: { title: body.title, recipients: audience?.n ?? 0 },
      ip: actor.ip,
    });
    return { row, recipients: audience?.n ?? 0 };
  });
  if (deps.config.smtpUrl) void emailEveryone(deps, body);
  return {
    id: sent.row.id,
    title: sent.row.title,
    body: sent.row.body,
    created_at: sent.row.createdAt.toISOString(),
    recipients: sent.recipients,
  };
}

async function emailEveryone(deps: Deps, body: NotificationBody) {
  const people = await deps.db
    .select({ email: users.email, name: users.firstName })
    .from(users)
    .where(activeCustomers);
  const queue = [...people];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      try {
        await deps.mailer.send({
          to: next.email,
          subject: body.title,
          text: `Hello ${next.name},\n\n${body.body}\n\nOjaPay\n`,
        });
      } catch (error) {
        deps.logger.warn(
          { err: error instanceof Error ? error.message : String(error) },
          "a notification email failed",
        );
      }
    }
  };
  await Promise.all([worker(), worker(), worker()]);
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
    await recordAudit(tx, deps.clock, {
      actorId: actor.user.id,
      action: "circular.create",
      targetType: "circular",
      targetId: row.id,
      before: null,
      after: view,
      ip: actor.ip,
    });
    return view;
  });
}

export async function listCirculars(deps: Pick<Deps, "db" | "clock">) {
  const rows = await deps.db.select().from(circulars).orderBy(desc(circulars.startsAt));
  return rows.map((c) => circularView(c, deps.clock.now()));
}
