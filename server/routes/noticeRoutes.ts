import { and, desc, gt, lte } from "drizzle-orm";
import { z } from "zod";
import { page, pageQuery } from "../../schemas/common";
import { circular, notification } from "../../schemas/notices";
import { circulars } from "../db/schema";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { listNotifications } from "../services/announcements";

/** What admins have told customers: notifications in an inbox, circulars on the dashboard while current. */
export function noticeRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "get",
      path: "/core/customer/notifications",
      tag: "Notices",
      summary:
        "Notifications sent to every customer, and the customer's own (a reversed purchase), newest first",
      query: pageQuery,
      result: page(notification),
      async handle({ query, c }) {
        return {
          msg: "Notifications retrieved.",
          data: await listNotifications(deps.db, query, sessionOf(c).user.id),
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
