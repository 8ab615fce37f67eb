import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { listNotifications } from "../services/notices/announcements";
import { currentCirculars } from "../services/notices/customerNotices";

/** What admins have told customers: notifications in an inbox, circulars on the dashboard while current. */
export function noticeRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/notifications", async ({ query, c }) => {
      return {
        msg: "Notifications retrieved.",
        data: await listNotifications(deps.db, query, sessionOf(c).user.id),
      };
    }),
    implement("GET /core/customer/circulars", async () => {
      return { msg: "Circulars retrieved.", data: await currentCirculars(deps) };
    }),
  ];
}
