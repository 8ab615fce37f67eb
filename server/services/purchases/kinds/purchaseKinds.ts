import type { PurchaseOrder } from "../../../../schemas/purchases";
import type { PurchaseKind } from "../../../../schemas/transactions";
import type { Queryable } from "../../../db/database";
import type { PurchaseRequest } from "../placePurchase";
import { airtime } from "./airtime";
import { data } from "./data";
import { electricity } from "./electricity";
import { examPin } from "./examPin";
import { fingerprint, type PurchaseKindModule } from "./purchaseKind";
import { rechargePin } from "./rechargePin";
import { tv } from "./tv";

/** Each kind's order, as a customer or an API caller sends it (the contract's, schemas/purchases.ts). */
export type PurchaseOrders = { [K in PurchaseKind]: PurchaseOrder<K>["order"] };

/** Every purchase kind's module: a kind is bought only through its entry here. */
export const purchaseKindModules = {
  airtime,
  data,
  tv,
  electricity,
  exam_pin: examPin,
  recharge_pin: rechargePin,
} satisfies { [K in PurchaseKind]: PurchaseKindModule<PurchaseOrders[K]> };

/** An order of any kind, named by its kind (how the v1 API and the dialect hand one over). */
export type KindedOrder = { [K in PurchaseKind]: { kind: K } & PurchaseOrders[K] }[PurchaseKind];

/** The purchase request of an order of kind `kind`. */
export function purchaseRequest<K extends PurchaseKind>(
  db: Queryable,
  kind: K,
  order: PurchaseOrders[K],
): PurchaseRequest {
  // TypeScript cannot tie the module's kind to the order's through the index: the map's type does.
  const module = purchaseKindModules[kind] as unknown as PurchaseKindModule<PurchaseOrders[K]>;
  return { scope: kind, fingerprint: fingerprint(order), ...module.request(db, order) };
}
