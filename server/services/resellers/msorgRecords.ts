import type { MsorgRecordOut } from "../../../schemas/msorgDialect";
import { type PurchaseKind, purchaseKinds, type Voucher } from "../../../schemas/transactions";
import { lagosTimestamp } from "../../lagosCalendar";
import { purchaseKindModules } from "../purchases/kinds/purchaseKinds";
import type { TransactionRow } from "../transactions/transactionRecords";

import { nairaText } from "./msorgKind";

/** The dialect's path for each kind of purchase, as each kind's module names it. */
export const msorgServices = Object.fromEntries(
  purchaseKinds.map((kind) => [kind, purchaseKindModules[kind].msorg.service]),
) as { [K in PurchaseKind]: (typeof purchaseKindModules)[K]["msorg"]["service"] };

/**
 * Our statuses in the dialect's three words. Pending is `processing`; a purchase whose money went
 * back (failed, reversed, or refunded by staff) is `failed` with `refund: true`: the dialect has no
 * fourth word, and a reseller's program acts on the money (docs/RESELLERS.md).
 */
function statusOf(row: TransactionRow): Pick<MsorgRecordOut, "Status" | "refund"> {
  if (row.status === "successful") return { Status: "successful", refund: false };
  if (row.status === "pending") return { Status: "processing", refund: false };
  return { Status: "failed", refund: true };
}

function wordsOf(row: TransactionRow): string {
  switch (row.status) {
    case "successful":
      return row.token
        ? `${row.description}. Token: ${row.token}${row.units ? ` Units: ${row.units}` : ""}`
        : `${row.description}: successful.`;
    case "pending":
      return "Transaction is processing";
    case "failed":
      return `Transaction failed: ${row.failureReason ?? "the provider declined it"}. Your wallet has been refunded.`;
    case "reversed":
      return "The provider reversed this purchase. Your wallet has been refunded.";
    case "refunded":
      return "This purchase was refunded to your wallet.";
  }
}

/**
 * A purchase as the dialect's record: the answer to a purchase, to `GET <service>/<id>/`, and its
 * webhook. `vouchers` are its PINs, given only to one record's answer to the key's own account.
 */
export function msorgRecordOf(row: TransactionRow, vouchers?: readonly Voucher[]): MsorgRecordOut {
  const asked = (row.apiRequest ?? {}) as Record<string, unknown>;
  const kind = purchaseKindModules[row.kind as PurchaseKind];
  const fields = Object.fromEntries(
    Object.entries(kind.msorg.recordFields(row, asked, vouchers)).filter(
      ([, value]) => value !== undefined && value !== null,
    ),
  );
  return {
    id: row.id,
    ident: row.reference,
    ...fields,
    ...statusOf(row),
    api_response: wordsOf(row),
    plan_amount: nairaText(row.amount + row.fee),
    paid_amount: nairaText(row.total),
    balance_before: nairaText(row.balanceBefore ?? 0),
    balance_after: nairaText(row.balanceAfter ?? 0),
    create_date: lagosTimestamp(row.createdAt),
    request_id: typeof asked.request_id === "string" ? asked.request_id : null,
  };
}
