import type { PrintedCards, Voucher } from "../../../../schemas/transactions";
import { csvText, nairaForCsv } from "../../../text/csv";

const header = ["network", "value_naira", "pin", "serial", "load_code", "name_on_card"];

/**
 * A recharge purchase's cards, one line each, from the same answer the print page draws: what a shop's
 * own card-printing program or a spreadsheet reads. The PIN is written as its digits, unquoted.
 */
export function rechargeCardsCsv(cards: PrintedCards, pins: readonly Voucher[]): string {
  return csvText(
    header,
    pins.map((card) => [
      cards.network,
      nairaForCsv(cards.denomination),
      card.pin,
      card.serial ?? "",
      card.load_code ?? "",
      cards.name_on_card,
    ]),
  );
}

export const rechargeCardsCsvName = (reference: string) => `recharge-cards-${reference}.csv`;

/** The print page's address, under /app. */
export const printPath = (reference: string) => `/recharge-pins/${reference}/print`;
