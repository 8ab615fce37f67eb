import { fromPromise } from "xstate";
import type { BulkOrder } from "../../machines/bulkMachine";
import type { BulkBatch, BulkBatchDetail, BulkPreview, BulkStartBody } from "../../schemas/bulk";
import type { CustomerApi } from "../api/customerApi";

/** The bulk machine's actors over the customer API. The rows go as the page read them: ids only. */
export function bulkActors(customer: CustomerApi) {
  return {
    previewBulk: fromPromise<BulkPreview, BulkOrder>(async ({ input }) =>
      (await customer.bulk()).preview(input),
    ),
    startBulk: fromPromise<BulkBatch, BulkStartBody>(async ({ input }) =>
      (await customer.bulk()).start(input),
    ),
    fetchBatch: fromPromise<BulkBatchDetail, string>(async ({ input }) =>
      (await customer.bulk()).batch(input),
    ),
  };
}
