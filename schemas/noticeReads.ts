import { z } from "zod/mini";
import { integer } from "./common";
import { instant } from "./days";

/** How many notices the customer has not read: the count on the bell. */
export const unreadNotices = z.object({
  unread: integer().check(z.meta({ description: "Notices newer than the last one the customer has seen" })),
});
export type UnreadNotices = z.infer<typeof unreadNotices>;

/** The inbox was opened: every notice up to the newest one it showed is read. */
export const noticesReadBody = z.strictObject({
  up_to: instant.check(
    z.meta({ description: "The `created_at` of the newest notice the customer has seen; no later than now" }),
  ),
});
