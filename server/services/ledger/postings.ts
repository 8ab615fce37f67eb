import type { Clock } from "../../clock";
import type { Transaction } from "../../db/database";
import { type Account, type Posting, postLedger } from "./postLedger";

/**
 * Every way money moves, as named postings: the lines of each. A purchase's money is held in
 * purchases_in_flight while the provider's answer is unknown; it then goes to the provider and
 * revenue, or back to the wallet. `postings` below writes them; a statement that writes one together
 * with other rows takes them from here (`ledgerPosting`, or `purchase_hold` for the hold).
 */
export const postingLines = {
  /** The gateway confirmed a payment, or staff added money: the wallet grows. */
  fund(walletId: string, amount: number, source: "gateway_clearing" | "staff_funding"): Posting {
    return {
      kind: "funding",
      lines: [
        { account: { wallet: walletId }, amount },
        { account: { house: source }, amount: -amount },
      ],
    };
  },
  hold(walletId: string, total: number): Posting {
    return {
      kind: "purchase_hold",
      lines: [
        { account: { wallet: walletId }, amount: -total },
        { account: { house: "purchases_in_flight" }, amount: total },
      ],
    };
  },
  /** Delivered: what the provider charges is owed to it; the rest is revenue (negative if sold at a loss). */
  deliver(total: number, cost: number): Posting {
    return {
      kind: "purchase_delivered",
      lines: [
        { account: { house: "purchases_in_flight" }, amount: -total },
        { account: { house: "provider_payable" }, amount: cost },
        { account: { house: "revenue" }, amount: total - cost },
      ],
    };
  },
  /** Staff gave back a delivered purchase's money: the business pays it, the provider keeps theirs. */
  refund(walletId: string, total: number): Posting {
    return {
      kind: "purchase_refunded",
      lines: [
        { account: { house: "refunds" }, amount: -total },
        { account: { wallet: walletId }, amount: total },
      ],
    };
  },
  /** A referrer's bonus, paid from the marketing account. */
  bonus(walletId: string, amount: number): Posting {
    return {
      kind: "referral_bonus",
      lines: [
        { account: { house: "bonuses" }, amount: -amount },
        { account: { wallet: walletId }, amount },
      ],
    };
  },
  /** A customer paid a price level's fee: all of it is ours at once, nothing is owed to anyone. */
  levelUpgrade(walletId: string, fee: number): Posting {
    return {
      kind: "level_upgrade",
      lines: [
        { account: { wallet: walletId }, amount: -fee },
        { account: { house: "revenue" }, amount: fee },
      ],
    };
  },
  /** The provider reversed a purchase it had not delivered: the held money goes back to whoever paid. */
  reverseHeld(payer: Account, total: number): Posting {
    return {
      kind: "purchase_reversed",
      lines: [
        { account: { house: "purchases_in_flight" }, amount: -total },
        { account: payer, amount: total },
      ],
    };
  },
  /** The provider reversed a delivered purchase: it keeps nothing, so neither do we; the payer is paid back. */
  reverseDelivered(payer: Account, total: number, cost: number): Posting {
    return {
      kind: "purchase_reversed",
      lines: [
        { account: { house: "provider_payable" }, amount: -cost },
        { account: { house: "revenue" }, amount: -(total - cost) },
        { account: payer, amount: total },
      ],
    };
  },
  /**
   * A dispute's redelivery, held like a purchase but paid by the business from the refunds account:
   * the customer's wallet is not touched. Delivered, it settles as any purchase (provider and revenue);
   * declined or reversed, the money goes back to the refunds account (`payerOf`).
   */
  redeliveryHold(total: number): Posting {
    return {
      kind: "purchase_hold",
      lines: [
        { account: { house: "refunds" }, amount: -total },
        { account: { house: "purchases_in_flight" }, amount: total },
      ],
    };
  },
  /**
   * The provider reversed a purchase staff had already refunded, or one a dispute had sent again at
   * the business's cost: the customer was served once; only the books move.
   */
  reverseRefunded(total: number, cost: number): Posting {
    return {
      kind: "purchase_reversed",
      lines: [
        { account: { house: "provider_payable" }, amount: -cost },
        { account: { house: "revenue" }, amount: -(total - cost) },
        { account: { house: "refunds" }, amount: total },
      ],
    };
  },
  /** The provider said no for certain: the held money goes back to whoever paid. */
  release(payer: Account, total: number): Posting {
    return {
      kind: "purchase_returned",
      lines: [
        { account: { house: "purchases_in_flight" }, amount: -total },
        { account: payer, amount: total },
      ],
    };
  },
};

/** Who paid for a purchase, and so gets its money back: its customer's wallet, or the business for a redelivery. */
export const payerOf = (row: { walletId: string; paidByHouse: boolean }): Account =>
  row.paidByHouse ? { house: "refunds" } : { wallet: row.walletId };

const post = (tx: Transaction, clock: Clock, txnId: string, posting: Posting) =>
  postLedger(tx, clock, posting.kind, txnId, posting.lines);

/** The postings of `postingLines`, each written on its own (one statement). */
export const postings = {
  fund(
    tx: Transaction,
    clock: Clock,
    txnId: string,
    walletId: string,
    amount: number,
    source: "gateway_clearing" | "staff_funding",
  ) {
    return post(tx, clock, txnId, postingLines.fund(walletId, amount, source));
  },
  refund(tx: Transaction, clock: Clock, txnId: string, walletId: string, total: number) {
    return post(tx, clock, txnId, postingLines.refund(walletId, total));
  },
  bonus(tx: Transaction, clock: Clock, txnId: string, walletId: string, amount: number) {
    return post(tx, clock, txnId, postingLines.bonus(walletId, amount));
  },
  levelUpgrade(tx: Transaction, clock: Clock, txnId: string, walletId: string, fee: number) {
    return post(tx, clock, txnId, postingLines.levelUpgrade(walletId, fee));
  },
  reverseHeld(tx: Transaction, clock: Clock, txnId: string, payer: Account, total: number) {
    return post(tx, clock, txnId, postingLines.reverseHeld(payer, total));
  },
  reverseDelivered(
    tx: Transaction,
    clock: Clock,
    txnId: string,
    payer: Account,
    total: number,
    cost: number,
  ) {
    return post(tx, clock, txnId, postingLines.reverseDelivered(payer, total, cost));
  },
  reverseRefunded(tx: Transaction, clock: Clock, txnId: string, total: number, cost: number) {
    return post(tx, clock, txnId, postingLines.reverseRefunded(total, cost));
  },
  release(tx: Transaction, clock: Clock, txnId: string, payer: Account, total: number) {
    return post(tx, clock, txnId, postingLines.release(payer, total));
  },
  redeliveryHold(tx: Transaction, clock: Clock, txnId: string, total: number) {
    return post(tx, clock, txnId, postingLines.redeliveryHold(total));
  },
};
