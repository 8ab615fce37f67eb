import type { z } from "zod/mini";
import type { PurchaseKind } from "../../../../schemas/transactions";
import type { Queryable } from "../../../db/database";
import type { MsorgKind } from "../../resellers/msorgKind";
import type { PurchaseDeps, PurchaseRequest } from "../placePurchase";

/** What a recipient's check before buying needs: the catalogue and the provider the route picks. */
export type RecipientCheckDeps = Pick<PurchaseDeps, "db" | "providers" | "clock">;

/**
 * A kind of purchase, declared once in a module of this folder (airtime.ts, data.ts, tv.ts,
 * electricity.ts) and listed in purchaseKinds.ts. The path a purchase takes (placePurchase: the first
 * look, price, PIN, route, hold, ask, settle, notify) is written once and reads only this: the customer
 * API, the v1 API (which names a purchase by its `kind`) and the market's dialect (its `msorg` path)
 * all buy a kind through `request`.
 *
 * `Body` is the order as a customer sends it, without the PIN and request id (schemas/purchases.ts).
 */
export interface PurchaseKindModule<Body, Checked = unknown> {
  kind: PurchaseKind;
  /**
   * The order as a purchase request: the catalogue lookup its price reads in the purchase's first
   * statement, its price at the buyer's level with every provider's offer, and the recipient's check
   * with the provider the purchase goes to first, where the kind has one.
   */
  request(db: Queryable, body: Body): KindRequest;
  /** The recipient checked before buying (a smartcard, a meter): the wizard's verify step. */
  checkRecipient?: (deps: RecipientCheckDeps, body: Body) => Promise<Checked>;
  /** What the market's dialect calls the kind, and how it reads and records one (resellers/msorgKind.ts). */
  msorg: MsorgKind<z.ZodMiniType, Body>;
}

/** A kind's purchase request; the kind and the request's fingerprint are added by `purchaseRequest`. */
export type KindRequest = Omit<PurchaseRequest, "scope" | "fingerprint">;

/** The order's fields as sent, without the PIN: what the request id stands for (`requestHash`). */
export const fingerprint = ({
  pin: _pin,
  request_id: _id,
  allow_duplicate: _dup,
  ...order
}: Record<string, unknown>) => order;
