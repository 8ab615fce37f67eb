import currency from "currency.js";
import type { MsorgRecordOut } from "../../../schemas/msorgDialect";
import { lagosTimestamp } from "../../lagosCalendar";
import type { TransactionRow } from "../transactions/transactionRecords";

/** Kobo as the dialect writes naira: "235.00". */
export const nairaText = (kobo: number) => currency(kobo, { fromCents: true }).toString();

/** The dialect's path for each kind of purchase, and back. */
export const msorgServices = {
  airtime: "topup",
  data: "data",
  tv: "cablesub",
  electricity: "billpayment",
} as const;
export type MsorgService = (typeof msorgServices)[keyof typeof msorgServices];

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

/** The fields of each service, from what the caller asked (its ids and words) and what we recorded. */
function serviceFields(row: TransactionRow, asked: Record<string, unknown>): Record<string, unknown> {
  switch (row.kind) {
    case "airtime":
      return {
        network: asked.network,
        airtime_type: "VTU",
        mobile_number: row.recipient,
        amount: nairaText(row.amount),
      };
    case "data":
      return {
        network: asked.network,
        plan: asked.plan,
        plan_name: row.product,
        mobile_number: row.recipient,
      };
    case "tv":
      return {
        cablename: asked.cablename,
        cableplan: asked.cableplan,
        package: row.product,
        smart_card_number: row.recipient,
        customer_name: row.customerName,
      };
    default:
      return {
        disco_name: asked.disco_name,
        meter_number: row.recipient,
        MeterType: asked.MeterType === "postpaid" ? 2 : asked.MeterType === "prepaid" ? 1 : undefined,
        amount: nairaText(row.amount),
        customer_name: row.customerName,
        token: row.token,
        units: row.units,
      };
  }
}

/** A purchase as the dialect's record: the answer to a purchase, to `GET <service>/<id>/`, and its webhook. */
export function msorgRecordOf(row: TransactionRow): MsorgRecordOut {
  const asked = (row.apiRequest ?? {}) as Record<string, unknown>;
  const fields = Object.fromEntries(
    Object.entries(serviceFields(row, asked)).filter(([, value]) => value !== undefined && value !== null),
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
