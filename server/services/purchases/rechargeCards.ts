import { formatNaira } from "../../../schemas/money";
import type { PrintedCards, Voucher } from "../../../schemas/transactions";
import type { ProviderOrder } from "../../outside/provider";
import type { TransactionRow } from "../transactions/transactionRecords";

type RechargeOrder = Extract<ProviderOrder, { service: "recharge_pin" }>;

/**
 * What a card's user dials to load it. Since 17 May 2023 every Nigerian network takes the NCC's
 * harmonised recharge code, 311 (MTN, GLO, 9Mobile and Airtel alike; the old *555*, *123*, *222* and
 * *126* stopped then): docs/decisions.md. The one place a load code is written.
 */
const loadCodeOf = (pin: string) => `*311*${pin}#`;

/** A card as customers and staff read its name: "MTN ₦1,000 card". */
export const rechargeCardName = (network: string, denomination: number) =>
  `${network} ${formatNaira(denomination, true)} card`;

const rechargeOrderOf = (row: Pick<TransactionRow, "order">): RechargeOrder | null => {
  const order = row.order as ProviderOrder | null;
  return order?.service === "recharge_pin" ? order : null;
};

/**
 * A recharge purchase's cards, each with its load code: the vendor's where it gave one (sealed with
 * the card), else the network's. Derived when viewed, so sealed exam PINs read as they were.
 */
export function withLoadCodes(row: Pick<TransactionRow, "order">, cards: Voucher[]): Voucher[] {
  const order = rechargeOrderOf(row);
  if (!order) return cards;
  return cards.map((card) => ({
    ...card,
    load_code: card.load_code ?? loadCodeOf(card.pin),
  }));
}

/** What every card of a recharge purchase prints besides its own PIN: on its one answer only. */
export function printedCardsOf(row: Pick<TransactionRow, "order">): PrintedCards | undefined {
  const order = rechargeOrderOf(row);
  if (!order) return undefined;
  return { network: order.network, denomination: order.denomination, name_on_card: order.nameOnCard };
}
