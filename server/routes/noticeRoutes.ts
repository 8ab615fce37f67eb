import { and, count, desc, gt, lte } from "drizzle-orm";
import { z } from "zod";
import { page, pageQuery } from "../../schemas/common";
import { circular, notification } from "../../schemas/notices";
import { offsetOf, pageOf } from "../db/paging";
import { circulars, notifications } from "../db/schema";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/route";

/** What admins have told customers: notifications in an inbox, circulars on the dashboard while current. */
export function noticeRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "get",
      path: "/core/customer/notifications",
      tag: "Notices",
      summary: "Notifications sent to every customer, newest first",
      query: pageQuery,
      result: page(notification),
      async handle({ query }) {
        const [total] = await deps.db.select({ n: count() }).from(notifications);
        const rows = await deps.db
          .select()
          .from(notifications)
          .orderBy(desc(notifications.createdAt))
          .limit(query.page_size)
          .offset(offsetOf(query));
        const results = rows.map((n) => ({
          id: n.id,
          title: n.title,
          body: n.body,
          created_at: n.createdAt.toISOString(),
        }));
        return {
          msg: "Notifications retrieved.",
          data: pageOf(query, total?.n, results),
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/customer/circulars",
      tag: "Notices",
      summary: "Circulars current now",
      result: z.array(circular),
      async handle() {
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
      },
    }),
  ];
}
