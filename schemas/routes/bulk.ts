import {
  bulkBatch,
  bulkBatchDetail,
  bulkListQuery,
  bulkPreview,
  bulkPreviewBody,
  bulkStartBody,
} from "../bulk";
import { idParam, page } from "../common";
import { contracts } from "./contract";

const tag = "Bulk purchases";

/** Airtime or data for up to 500 numbers at once: checked, started, followed (docs/CONTRACT.md). */
export const bulkContracts = contracts({
  "POST /core/customer/bulk/preview": {
    tag,
    summary:
      "Check every row as one purchase would be checked, and price it at your level; answers each row's verdict, the total of the good rows and whether the wallet covers it",
    body: bulkPreviewBody,
    result: bulkPreview,
  },
  "POST /core/customer/bulk": {
    tag,
    summary:
      "Start a batch: refused with each bad row's message in `fields` (`rows.<index>.<field>`), or when the wallet cannot cover the total; the same `request_id` answers the same batch",
    body: bulkStartBody,
    result: bulkBatch,
    successStatus: 202,
  },
  "GET /core/customer/bulk": {
    tag,
    summary: "The customer's batches, newest first",
    query: bulkListQuery,
    result: page(bulkBatch),
  },
  "GET /core/customer/bulk/:id": {
    tag,
    summary: "A batch's progress and each row's outcome; another customer's batch is not found",
    params: idParam,
    result: bulkBatchDetail,
  },
});
