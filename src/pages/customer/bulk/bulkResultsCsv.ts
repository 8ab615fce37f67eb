import type { BulkBatchDetail, BulkRowStatus } from "../../../../schemas/bulk";
import { csvText, nairaForCsv } from "../../../text/csv";
import { rowBought } from "./whatItBuys";

export const bulkStatusLabels: Record<BulkRowStatus, string> = {
  queued: "Queued",
  pending: "Pending",
  successful: "Successful",
  failed: "Failed",
  refunded: "Refunded",
  reversed: "Reversed",
};

const columns = ["phone", "what", "price_naira", "status", "reference", "message"];

/** Each row's outcome, in the list's order, for a spreadsheet. */
export function bulkResultsCsv(batch: Pick<BulkBatchDetail, "rows">): string {
  return csvText(
    columns,
    batch.rows.map((row) => [
      row.phone,
      rowBought(row),
      row.total === null ? "" : nairaForCsv(row.total),
      row.status,
      row.reference,
      row.msg,
    ]),
  );
}

export const bulkResultsCsvName = (batch: Pick<BulkBatchDetail, "created_at">) =>
  `bulk-${batch.created_at.slice(0, 10)}.csv`;
