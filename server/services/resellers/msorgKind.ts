import currency from "currency.js";
import type { z } from "zod/mini";
import type { Voucher } from "../../../schemas/transactions";
import type { PurchaseDeps } from "../purchases/placePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { KeyCaller } from "./apiCallers";

/** Kobo as the dialect writes naira: "235.00". */
export const nairaText = (kobo: number) => currency(kobo, { fromCents: true }).toString();

/**
 * How the market's dialect (/reseller/api/, docs/RESELLERS.md) speaks of one purchase kind, declared
 * in the kind's module (services/purchases/kinds/): its path, the body a vendor's script sends, the
 * order made of it, and the kind's own fields of a record.
 */
export interface MsorgKind<S extends z.ZodMiniType, Order> {
  /** `POST <service>/` buys; `GET <service>/` and `GET <service>/<id>/` read the records. */
  service: string;
  body: S;
  /** Our order from the dialect's body; a TV or power order takes the account's phone. */
  order(deps: Pick<PurchaseDeps, "db">, body: z.output<S>, caller: KeyCaller): Promise<Order>;
  /**
   * The kind's fields of a record, from what the caller asked (its ids and words) and what we
   * recorded; `vouchers` are the PINs it delivered, opened for the key's own account.
   */
  recordFields(
    row: TransactionRow,
    asked: Record<string, unknown>,
    vouchers: readonly Voucher[] | undefined,
  ): Record<string, unknown>;
}

/** A kind's dialect, with its body's type carried to `order`. */
export const msorgKind = <S extends z.ZodMiniType, Order>(kind: MsorgKind<S, Order>) => kind;
