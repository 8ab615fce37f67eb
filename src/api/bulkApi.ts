import { bulkContracts } from "../../schemas/routes/bulk";
import type { BodyOf } from "../../schemas/routes/contract";
import type { ApiClient } from "./client";

type Bulk = typeof bulkContracts;
// The bulk page shows the check's and the start's refusals itself; a read of a running batch that
// fails is said on the page while the reads go on.
const shownOnPage = { announceSuccess: false, quietFailure: true } as const;

/** The bulk page's calls; the customer API loads them with the page's first (customerApi's `bulk`). */
export function bulkApi(client: ApiClient) {
  return {
    preview: (body: BodyOf<Bulk["POST /core/customer/bulk/preview"]>) =>
      client.call(bulkContracts, "POST /core/customer/bulk/preview", { body }, shownOnPage),
    start: (body: BodyOf<Bulk["POST /core/customer/bulk"]>) =>
      client.call(bulkContracts, "POST /core/customer/bulk", { body }, shownOnPage),
    batch: (id: string) =>
      client.call(bulkContracts, "GET /core/customer/bulk/:id", { params: { id } }, shownOnPage),
  };
}

export type BulkApi = ReturnType<typeof bulkApi>;
