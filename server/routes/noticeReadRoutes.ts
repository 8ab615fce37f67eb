import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { markNoticesRead, unreadNoticeCount } from "../services/notices/customerNotices";

/** The bell: how many notices are unread, and marking them read when the inbox opens. */
export function noticeReadRoutes(deps: AppDeps) {
  return [
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
  ];
}
