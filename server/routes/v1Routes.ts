import { asc } from "drizzle-orm";
import type { Context } from "hono";
import { tvProviders } from "../db/schema";
import type { AppDeps, AppEnv } from "../deps";
import { implement } from "../http/route";
import { messages, Refusal } from "../refusal";
import type { KeyCaller } from "../services/apiCallers";
import {
  airtimeAtLevel,
  bouquetsAtLevel,
  dataPlanViews,
  discosAtLevel,
} from "../services/catalogue/catalogueAtLevel";
import { buyV1, v1PurchaseOfCaller } from "../services/reseller/v1Purchases";
import { walletSummary } from "../services/transactions/transactionRecords";
import { v1PurchaseOf } from "../services/webhooks/webhookBodies";
import { listDeliveries } from "../services/webhooks/webhookDeliveries";
import { purchaseMessage } from "./purchaseRoutes";

/** The key's caller; only for paths the gate has already checked a key for (access.ts, `apiKey`). */
function keyCaller(c: Context<AppEnv>): KeyCaller {
  const caller = c.get("keyCaller");
  if (!caller) throw new Refusal("no_credentials", messages.noCredentials);
  return caller;
}

/** OjaPay's API for programs: the customer's purchase, catalogue and wallet, with a key instead of a PIN. */
export function v1Routes(deps: AppDeps) {
  const configured = (provider: string) => deps.providers.has(provider);
  return [
    implement("POST /v1/purchases", async ({ body, c }) => {
      const row = await buyV1(deps, keyCaller(c), body);
      return { msg: purchaseMessage(row), data: v1PurchaseOf(row) };
    }),
    implement("GET /v1/purchases/:id", async ({ params, c }) => ({
      msg: "Purchase retrieved.",
      data: v1PurchaseOf(await v1PurchaseOfCaller(deps.db, keyCaller(c), params.id)),
    })),
    implement("GET /v1/balance", async ({ c }) => {
      const { user } = keyCaller(c);
      const wallet = await walletSummary(deps.db, user.id);
      if (!wallet) throw new Refusal("forbidden", "This account has no wallet.");
      return {
        msg: "Balance retrieved.",
        data: { balance: wallet.balance, pending_total: wallet.pendingTotal, level: user.priceLevel },
      };
    }),
    implement("GET /v1/catalogue", async ({ c }) => {
      const level = keyCaller(c).user.priceLevel;
      const [airtime, data, bouquets, electricity, providers] = await Promise.all([
        airtimeAtLevel(deps.db, level, configured),
        dataPlanViews(deps.db, level, configured),
        bouquetsAtLevel(deps.db, level, configured),
        discosAtLevel(deps.db, level),
        deps.db.select().from(tvProviders).orderBy(asc(tvProviders.id)),
      ]);
      const tv = providers.map((p) => ({
        id: p.id,
        name: p.name,
        enabled: p.enabled,
        service_fee: p.serviceFee,
        bouquets: bouquets.filter((b) => b.control_id === p.id),
      }));
      return { msg: "Catalogue retrieved.", data: { airtime, data, tv, electricity } };
    }),
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
