import { Link } from "wouter";
import type { Transaction } from "../../schemas/transactions";
import { formatDateTime } from "../format/formatDateTime";
import { SignedAmount, StatusBadge } from "./TransactionLabels";

/** One transaction as a row that opens its receipt; `detailed` adds the reference and recipient. */
export function TransactionRow({
  transaction,
  detailed = false,
}: {
  transaction: Transaction;
  detailed?: boolean;
}) {
  return (
    <Link href={`/transaction-history/${transaction.reference}`} className="txn-row">
      <span className="txn-description">{transaction.description}</span>
      {detailed && <span className="txn-reference">{transaction.reference}</span>}
      {detailed && transaction.recipient && <span className="txn-recipient">{transaction.recipient}</span>}
      {/* The time as well: two purchases of the same day are told apart by it. */}
      <span className="txn-date">{formatDateTime(transaction.created_at)}</span>
      <span className="txn-status">
        <StatusBadge status={transaction.status} />
      </span>
      <span className="txn-amount">
        <SignedAmount transaction={transaction} />
      </span>
    </Link>
  );
}
