import type { BodyOf } from "../../schemas/routes/contract";
import { noticeReadContracts } from "../../schemas/routes/noticeReads";
import type { ApiClient } from "./client";

type NoticeReads = typeof noticeReadContracts;

/**
 * The bell's count and the inbox's "seen", quiet both ways (a bell says nothing when it cannot ask).
 * The customer API loads this with the bell, after the page has drawn (customerApi's `noticeReads`).
 */
export function noticeReadsApi(client: ApiClient) {
  return {
    unread: () =>
      client.call(noticeReadContracts, "GET /core/customer/notifications/unread", {}, { quietFailure: true }),
    markRead: (body: BodyOf<NoticeReads["POST /core/customer/notifications/read"]>) =>
      client.call(
        noticeReadContracts,
        "POST /core/customer/notifications/read",
        { body },
        { announceSuccess: false, quietFailure: true },
      ),
  };
}

export type NoticeReadsApi = ReturnType<typeof noticeReadsApi>;
