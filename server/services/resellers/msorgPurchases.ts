import { eq } from "drizzle-orm";
import type { z } from "zod/mini";
import type { PurchaseKind } from "../../../schemas/transactions";
import { transactions } from "../../db/schema";
import { Refusal } from "../../refusal";
import { purchaseKindModules } from "../purchases/kinds/purchaseKinds";
import type { PurchaseDeps } from "../purchases/placePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { KeyCaller } from "./apiCallers";
import { buyWithKey, type KeyOrder } from "./keyPurchases";
import type { MsorgKind } from "./msorgKind";

/**
 * A purchase in the dialect, with the customer's prices and limits (keyPurchases.ts). A request id
 * still being answered answers its purchase as it stands: the dialect has no word for "in progress".
 */
export async function buyInDialect(
  deps: PurchaseDeps,
  caller: KeyCaller,
  kind: PurchaseKind,
  body: Record<string, unknown>,
): Promise<TransactionRow> {
  const { order } = purchaseKindModules[kind].msorg as MsorgKind<z.ZodMiniType, object>;
  try {
    const made = { kind, ...(await order(deps, body, caller)) } as KeyOrder;
    return await buyWithKey(deps, caller, "msorg", made, body);
  } catch (error) {
    const reference =
      (error instanceof Refusal &&
        error.code === "request_in_progress" &&
        (error.data as { reference?: string })?.reference) ||
      null;
    if (!reference) throw error;
    const [row] = await deps.db.select().from(transactions).where(eq(transactions.reference, reference));
    if (!row) throw error;
    return row;
  }
}
