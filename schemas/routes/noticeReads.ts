import { noticesReadBody, unreadNotices } from "../noticeReads";
import { contracts } from "./contract";

/** The bell's count and the inbox's "seen" (schemas/noticeReads.ts); loaded when the bell first asks. */
export const noticeReadContracts = contracts({
  "GET /core/customer/notifications/unread": {
    tag: "Notices",
    summary: "How many notices the customer has not read yet, for the bell",
    result: unreadNotices,
  },
  "POST /core/customer/notifications/read": {
    tag: "Notices",
    summary: "Mark every notice up to `up_to` read (the inbox was opened); answers how many are left",
    body: noticesReadBody,
    result: unreadNotices,
  },
});
