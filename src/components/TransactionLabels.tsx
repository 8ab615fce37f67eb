import type { Transaction, TransactionKind, TransactionStatus } from "../../schemas/transactions";
import { formatNaira } from "../format/money";
// The badges' and amounts' classes live with the rest of the wallet's look.
import "../pages/customer/wallet.css";

export const kindLabels: Record<TransactionKind, string> = {
  funding: "Funding",
  airtime: "Airtime",
  data: "Data",
  tv: "Cable TV",
  electricity: "Electricity",
  exam_pin: "Exam PINs",
  recharge_pin: "Recharge cards",
  refund: "Refund",
  bonus: "Bonus",
  level_upgrade: "Level upgrade",
};

export const statusLabels: Record<TransactionStatus, string> = {
  pending: "Pending",
  successful: "Successful",
  failed: "Failed",
  refunded: "Refunded",
  reversed: "Reversed",
};

/** Money that reached the wallet; every other kind is a purchase that left it. */
export const isCredit = (kind: TransactionKind) =>
  kind === "funding" || kind === "refund" || kind === "bonus";

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return <span className={`status-badge status-${status}`}>{statusLabels[status]}</span>;
}

/** "+₦1,000.00" or "−₦500.00" (a real minus sign, which screen readers say as "minus"). */
export function signedTotal(transaction: Pick<Transaction, "kind" | "total">): string {
  return `${isCredit(transaction.kind) ? "+" : "−"}${formatNaira(transaction.total)}`;
}

export function SignedAmount({ transaction }: { transaction: Transaction }) {
  const direction = isCredit(transaction.kind) ? "in" : "out";
  // Money that never moved (a failed payment or purchase) is greyed so it does not read as spent.
  const settled = transaction.status === "failed" ? " amount-void" : "";
  return <span className={`amount amount-${direction}${settled}`}>{signedTotal(transaction)}</span>;
}
