import { z } from "zod/mini";
import { page, pageQuery } from "../common";
import { circular, noticesReadBody, notification, unreadNotices } from "../notices";
import { contracts } from "./contract";

export const noticeContracts = contracts({
  "GET /core/customer/notifications": {
    tag: "Notices",
    summary:
      "Notifications sent to every customer, and the customer's own (a reversed purchase), newest first",
    query: pageQuery,
    result: page(notification),
  },
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
  "GET /core/customer/circulars": {
    tag: "Notices",
    summary: "Circulars current now",
    result: z.array(circular),
  },
});
