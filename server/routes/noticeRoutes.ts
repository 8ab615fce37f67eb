import { and, desc, gt, lte } from "drizzle-orm";
import { circulars } from "../db/schema";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { listNotifications } from "../services/notices/announcements";
import { markNoticesRead, unreadNoticeCount } from "../services/notices/customerNotices";

/** What admins have told customers: notifications in an inbox, circulars on the dashboard while current. */
export function noticeRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/notifications", async ({ query, c }) => {
      return {
        msg: "Notifications retrieved.",
        data: await listNotifications(deps.db, query, sessionOf(c).user.id),
      };
    }),
    implement("GET /core/customer/notifications/unread", async ({ c }) => {
      return {
        msg: "Unread notifications counted.",
        data: { unread: await unreadNoticeCount(deps.db, sessionOf(c).user.id) },
      };
    }),
    implement("POST /core/customer/notifications/read", async ({ body, c }) => {
      const unread = await markNoticesRead(deps, sessionOf(c).user.id, new Date(body.up_to));
      return { msg: "Notifications marked read.", data: { unread } };
    }),
    implement("GET /core/customer/circulars", async () => {
      const now = deps.clock.now();
      const rows = await deps.db
        .select()
        .from(circulars)
        .where(and(lte(circulars.startsAt, now), gt(circulars.endsAt, now)))
        .orderBy(desc(circulars.startsAt));
      const data = rows.map((c) => ({
        id: c.id,
        title: c.title,
        body: c.body,
        starts_at: c.startsAt.toISOString(),
        ends_at: c.endsAt.toISOString(),
      }));
      return { msg: "Circulars retrieved.", data };
    }),
  ];
}
