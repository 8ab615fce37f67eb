import type { Clock } from "../../clock";
import type { Transaction } from "../../db/database";
import { postLedger } from "./postLedger";

/**
 * Every way money moves, as named postings. A purchase's money is held in purchases_in_flight while
 * the provider's answer is unknown; it then goes to the provider and revenue, or back to the wallet.
 */
export const postings = {
  /** The gateway confirmed a payment, or staff added money: the wallet grows. */
  fund(
    tx: Transaction,
    clock: Clock,
    txnId: string,
    walletId: string,
    amount: number,
    source: "gateway_clearing" | "staff_funding",
  ) {
    return postLedger(tx, clock, "funding", txnId, [
      { account: { wallet: walletId }, amount },
      { account: { house: source }, amount: -amount },
    ]);
  },
  hold(tx: Transaction, clock: Clock, txnId: string, walletId: string, total: number) {
    return postLedger(tx, clock, "purchase_hold", txnId, [
      { account: { wallet: walletId }, amount: -total },
      { account: { house: "purchases_in_flight" }, amount: total },
    ]);
  },
  /** Delivered: what the provider charges is owed to it; the rest is revenue (negative if sold at a loss). */
  deliver(tx: Transaction, clock: Clock, txnId: string, total: number, cost: number) {
    return postLedger(tx, clock, "purchase_delivered", txnId, [
      { account: { house: "purchases_in_flight" }, amount: -total },
      { account: { house: "provider_payable" }, amount: cost },
      { account: { house: "revenue" }, amount: total - cost },
    ]);
  },
  /** Staff gave back a delivered purchase's money: the business pays it, the provider keeps theirs. */
  refund(tx: Transaction, clock: Clock, txnId: string, walletId: string, total: number) {
    return postLedger(tx, clock, "purchase_refunded", txnId, [
      { account: { house: "refunds" }, amount: -total },
      { account: { wallet: walletId }, amount: total },
    ]);
  },
  /** A referrer's bonus, paid from the marketing account. */
  bonus(tx: Transaction, clock: Clock, txnId: string, walletId: string, amount: number) {
    return postLedger(tx, clock, "referral_bonus", txnId, [
      { account: { house: "bonuses" }, amount: -amount },
      { account: { wallet: walletId }, amount },
    ]);
  },
  /** The provider reversed a purchase it had not delivered: the held money goes back. */
  reverseHeld(tx: Transaction, clock: Clock, txnId: string, walletId: string, total: number) {
    return postLedger(tx, clock, "purchase_reversed", txnId, [
      { account: { house: "purchases_in_flight" }, amount: -total },
      { account: { wallet: walletId }, amount: total },
    ]);
  },
  /** The provider reversed a delivered purchase: it keeps nothing, so neither do we; the wallet is paid back. */
  reverseDelivered(
    tx: Transaction,
    clock: Clock,
    txnId: string,
    walletId: string,
    total: number,
    cost: number,
  ) {
    return postLedger(tx, clock, "purchase_reversed", txnId, [
      { account: { house: "provider_payable" }, amount: -cost },
      { account: { house: "revenue" }, amount: -(total - cost) },
      { account: { wallet: walletId }, amount: total },
    ]);
  },
  /** The provider reversed a purchase staff had already refunded: the customer was paid once; only the books move. */
  reverseRefunded(tx: Transaction, clock: Clock, txnId: string, total: number, cost: number) {
    return postLedger(tx, clock, "purchase_reversed", txnId, [
      { account: { house: "provider_payable" }, amount: -cost },
      { account: { house: "revenue" }, amount: -(total - cost) },
      { account: { house: "refunds" }, amount: total },
    ]);
  },
  /** The provider said no for certain: the held money goes back. */
  release(tx: Transaction, clock: Clock, txnId: string, walletId: string, total: number) {
    return postLedger(tx, clock, "purchase_returned", txnId, [
      { account: { house: "purchases_in_flight" }, amount: -total },
      { account: { wallet: walletId }, amount: total },
    ]);
  },
};
