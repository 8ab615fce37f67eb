import type { V1Purchase } from "../../../schemas/v1Api";
import { rowFromJson } from "../../db/jsonRows";
import { transactions, type webhookDeliveries } from "../../db/schema";
import type { OnePurchaseFields } from "../purchases/vouchers";
import { msorgRecordOf } from "../resellers/msorgRecords";
import { type TransactionRow, transactionView } from "../transactions/transactionRecords";

type Delivery = typeof webhookDeliveries.$inferSelect;

/**
 * A purchase as the v1 API answers it: the customer's view, and the caller's request id; `pins` only
 * for the purchase's own answer and read (purchases/vouchers.ts), never for a webhook's body.
 */
export function v1PurchaseOf(row: TransactionRow, onlyOne?: OnePurchaseFields): V1Purchase {
  const asked = (row.apiRequest ?? {}) as { request_id?: unknown };
  return {
    ...transactionView(row, onlyOne),
    request_id: typeof asked.request_id === "string" ? asked.request_id : null,
  };
}

/**
 * A delivery's body, in the dialect its purchase was bought in: the market's record (with `refund`),
 * or `{event, data}` with the v1 purchase. Made once, from the purchase as it settled.
 */
export function webhookBodyOf(delivery: Pick<Delivery, "event" | "dialect" | "snapshot">): string {
  const row = delivery.snapshot
    ? rowFromJson(transactions, delivery.snapshot as Record<string, unknown>)
    : null;
  if (delivery.dialect === "msorg" && row) return JSON.stringify(msorgRecordOf(row));
  return JSON.stringify({ event: delivery.event, data: row ? v1PurchaseOf(row) : null });
}
