import { randomUUID } from "node:crypto";
import { v5 as uuidFromName } from "uuid";
import type { PurchaseKey } from "../purchases/keyHold";
import { type KindedOrder, purchaseRequest } from "../purchases/kinds/purchaseKinds";
import { type PurchaseDeps, type PurchaseRequest, placePurchase } from "../purchases/placePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { KeyCaller } from "./apiCallers";

/** An order as an API caller gives it: the customer's bodies without the PIN, request id or action. */
export type KeyOrder = KindedOrder;

function requestFor(deps: PurchaseDeps, { kind, ...order }: KeyOrder): PurchaseRequest {
  return purchaseRequest(deps.db, kind, order as never);
}

/** The namespace a dialect's own request ids are turned into ours in (RFC 9562 name-based uuids). */
const dialectNamespace = "2f0c3f4e-8a53-4b8e-9d55-0b7c1d9e6a21";

/**
 * Our request id for a caller's: the v1 API's is a uuid already; the market dialect's is any short
 * text, named into a uuid, so the same text is the same request and never another dialect's.
 */
export function requestIdOf(dialect: "msorg" | "v1", sent: string | undefined): string | undefined {
  if (sent === undefined) return undefined;
  return dialect === "v1" ? sent : uuidFromName(`${dialect}:${sent}`, dialectNamespace);
}

/**
 * A purchase made with an API key: no PIN (the key stands for it), the key's daily cap checked with
 * the hold, the caller's own words kept for its record. With a request id, the same id answers the
 * same purchase; without one (the market dialect allows it), a fresh id, and the 30-second guard
 * against buying the same thing twice.
 */
export async function buyWithKey(
  deps: PurchaseDeps,
  caller: KeyCaller,
  dialect: "msorg" | "v1",
  order: KeyOrder,
  asked: Record<string, unknown>,
): Promise<TransactionRow> {
  const requestId = requestIdOf(dialect, asked.request_id as string | undefined);
  const key: PurchaseKey = { id: caller.key.id, dailyCap: caller.key.dailyCap, dialect, call: caller.call };
  const confirmation = {
    key,
    asked,
    request_id: requestId ?? randomUUID(),
    allow_duplicate: requestId !== undefined,
  };
  try {
    return await placePurchase(deps, caller.user, confirmation, requestFor(deps, order));
  } finally {
    // A purchase that ended before its hold counted the call (a replay of its request id, a refusal
    // on the way) counts it now, so a key cannot make calls past its limit by asking what cannot be
    // bought: over the limit, that refusal is the answer.
    await caller.call.count();
  }
}
