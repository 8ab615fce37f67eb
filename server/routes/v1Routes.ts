import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { implement } from "../http/route";
import { messages, Refusal } from "../refusal";
import { onePurchaseFields } from "../services/purchases/vouchers";
import type { KeyCaller } from "../services/resellers/apiCallers";
import { buyV1, v1PurchaseOfCaller } from "../services/resellers/v1Purchases";
import { v1BalanceOf, v1CatalogueOf } from "../services/resellers/v1Reads";
import type { TransactionRow } from "../services/transactions/transactionRecords";
import { v1PurchaseOf } from "../services/webhooks/webhookBodies";
import { listDeliveries } from "../services/webhooks/webhookDeliveries";
import { purchaseMessage } from "./customerPurchases";

/** The key's caller; only for paths the gate has already checked a key for (access.ts, `apiKey`). */
function keyCaller(c: Context<AppEnv>): KeyCaller {
  const caller = c.get("keyCaller");
  if (!caller) throw new Refusal("no_credentials", messages.noCredentials);
  return caller;
}

/** OjaPay's API for programs: the customer's purchase, catalogue and wallet, with a key instead of a PIN. */
export function v1Routes(deps: AppDeps) {
  const configured = (provider: string) => deps.providers.has(provider);
  /** The purchase's own answer, with the PINs it delivered, to the key's own account. */
  const withPins = (row: TransactionRow) => v1PurchaseOf(row, onePurchaseFields(deps.config.voucherKey, row));
  return [
    implement("POST /v1/purchases", async ({ body, c }) => {
      const row = await buyV1(deps, keyCaller(c), body);
      return { msg: purchaseMessage(row), data: withPins(row) };
    }),
    implement("GET /v1/purchases/:id", async ({ params, c }) => ({
      msg: "Purchase retrieved.",
      data: withPins(await v1PurchaseOfCaller(deps.db, keyCaller(c), params.id)),
    })),
    implement("GET /v1/balance", async ({ c }) => ({
      msg: "Balance retrieved.",
      data: await v1BalanceOf(deps.db, keyCaller(c).user),
    })),
    implement("GET /v1/catalogue", async ({ c }) => ({
      msg: "Catalogue retrieved.",
      data: await v1CatalogueOf(deps.db, keyCaller(c).user.priceLevel, configured),
    })),
    implement("GET /v1/webhook-deliveries", async ({ query, c }) => {
      const caller = keyCaller(c);
      const data = await listDeliveries(deps.db, caller.user.id, {
        ...query,
        key_id: query.key_id ?? caller.key.id,
      });
      return { msg: "Deliveries retrieved.", data };
    }),
  ];
}
