import { z } from "zod/mini";
import { page, pageQuery } from "../common";
import { circular, notification } from "../notices";
import { contracts } from "./contract";

export const noticeContracts = contracts({
  "GET /core/customer/notifications": {
    tag: "Notices",
    summary:
      "Notifications sent to every customer, and the customer's own (a reversed purchase), newest first",
    query: pageQuery,
    result: page(notification),
  },
  "GET /core/customer/circulars": {
    tag: "Notices",
    summary: "Circulars current now",
    result: z.array(circular),
  },
});
