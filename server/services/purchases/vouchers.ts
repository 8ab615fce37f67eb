import { z } from "zod/mini";
import { type Transaction, type Voucher, voucher } from "../../../schemas/transactions";
import type { ProviderOrder, ProviderResult } from "../../outside/provider";
import { openSecret, sealSecret } from "../accounts/secretBox";
import { type TransactionRow, transactionView } from "../transactions/transactionRecords";
import { printedCardsOf, withLoadCodes } from "./rechargeCards";

/**
 * The PINs a purchase delivered (exam PINs, recharge cards) are money until used: kept sealed with
 * VOUCHER_KEY (AES-256-GCM, secretBox.ts), which lives in the settings and never in the database, and
 * opened only for one purchase's answer to its buyer or to staff. Never logged, never in a list or a
 * webhook body (docs/decisions.md).
 */
export function sealVouchers(key: Buffer, vouchers: readonly Voucher[]): string {
  return sealSecret(key, JSON.stringify(vouchers));
}

const sealedList = z.array(voucher);

/** The purchase's PINs (a recharge card's with its load code), or undefined when it delivered none. */
export function openVouchers(
  key: Buffer,
  row: Pick<TransactionRow, "vouchers" | "order">,
): Voucher[] | undefined {
  if (!row.vouchers) return undefined;
  return withLoadCodes(row, sealedList.parse(JSON.parse(openSecret(key, row.vouchers))));
}

/** What only one purchase's own answer carries, to its buyer or staff: its PINs, and its cards' print. */
export type OnePurchaseFields = Pick<Transaction, "pins" | "cards">;
export function onePurchaseFields(key: Buffer, row: TransactionRow): OnePurchaseFields {
  const pins = openVouchers(key, row);
  const cards = printedCardsOf(row);
  return { ...(pins ? { pins } : {}), ...(cards ? { cards } : {}) };
}

/** The key used while the simulators are on (development and tests); refused anywhere else. */
export const developmentVoucherKey = "70c4".repeat(16);

/** One purchase as its buyer or staff see it, with the PINs it delivered. */
export const viewWithPins = (key: Buffer, row: TransactionRow) =>
  transactionView(row, onePurchaseFields(key, row));

/** A purchase that delivered PINs is never refunded: the PINs stay usable whatever we do (docs/decisions.md). */
export const deliveredPins = (row: Pick<TransactionRow, "vouchers">) => row.vouchers !== null;

/**
 * A delivery of PINs that does not carry every PIN bought is not known to be delivered: the money stays
 * held and a requery asks for them again (the provider's record lists the cards), as for any unclear answer.
 */
export function withEveryPin(row: Pick<TransactionRow, "order">, result: ProviderResult): ProviderResult {
  const order = row.order as ProviderOrder | null;
  if (result.status !== "successful") return result;
  if (order?.service !== "exam_pin" && order?.service !== "recharge_pin") return result;
  const given = result.vouchers?.length ?? 0;
  if (given >= order.quantity) return result;
  return {
    status: "pending",
    ...(result.providerReference ? { providerReference: result.providerReference } : {}),
    note: `The provider says it delivered, but sent ${given} of the ${order.quantity} PINs bought; we ask it again.`,
  };
}
