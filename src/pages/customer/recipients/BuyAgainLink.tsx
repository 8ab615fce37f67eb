import { Link } from "wouter";
import type { Transaction } from "../../../../schemas/transactions";
import { buyAgainHref } from "./buyAgain";
import "./buyAgain.css";

/** "Buy again" for a purchase of a kind a wizard sells; nothing for anything else. */
export function BuyAgainLink({ transaction }: { transaction: Transaction }) {
  const href = buyAgainHref(transaction);
  if (!href) return null;
  return (
    <Link href={href} className="buy-again" aria-label={`Buy again: ${transaction.description}`}>
      Buy again
    </Link>
  );
}
