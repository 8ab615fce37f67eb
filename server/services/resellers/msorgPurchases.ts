import { eq } from "drizzle-orm";
import type { z } from "zod/mini";
import { msorgBillBody, msorgCableBody, msorgDataBody, msorgTopupBody } from "../../../schemas/msorgDialect";
import type { PurchaseKind } from "../../../schemas/transactions";
import { dataPlans, transactions } from "../../db/schema";
import { fieldRefusal, Refusal } from "../../refusal";
import type { PurchaseDeps } from "../purchases/placePurchase";
import type { TransactionRow } from "../transactions/transactionRecords";
import type { KeyCaller } from "./apiCallers";
import { buyWithKey, type KeyOrder } from "./keyPurchases";

/** One of the dialect's purchases: the body it takes, and our order made of it for the caller. */
export interface MsorgPurchase<S extends z.ZodMiniType> {
  body: S;
  order(deps: Pick<PurchaseDeps, "db">, body: z.output<S>, caller: KeyCaller): Promise<KeyOrder>;
}

const purchase = <S extends z.ZodMiniType>(made: MsorgPurchase<S>) => made;

/** The dialect's purchases by our kind (their paths: msorgServices); a TV or power order takes the account's phone. */
export const msorgPurchases = {
  airtime: purchase({
    body: msorgTopupBody,
    order: async (_deps, body) => ({
      kind: "airtime",
      network_id: body.network,
      phone: body.mobile_number,
      amount: body.amount,
    }),
  }),
  data: purchase({
    body: msorgDataBody,
    order: async (deps, body) => {
      if (body.network !== undefined) {
        const [plan] = await deps.db
          .select({ networkId: dataPlans.networkId })
          .from(dataPlans)
          .where(eq(dataPlans.id, body.plan));
        if (plan && plan.networkId !== body.network)
          throw fieldRefusal("plan", `Plan ${body.plan} is not a plan of network ${body.network}.`);
      }
      return { kind: "data", plan_id: body.plan, phone: body.mobile_number };
    },
  }),
  tv: purchase({
    body: msorgCableBody,
    order: async (_deps, body, caller) => ({
      kind: "tv",
      provider_id: body.cablename,
      plan_id: body.cableplan,
      smartcard: body.smart_card_number,
      phone: caller.user.phone,
    }),
  }),
  electricity: purchase({
    body: msorgBillBody,
    order: async (_deps, body, caller) => ({
      kind: "electricity",
      disco_id: body.disco_name,
      meter_number: body.meter_number,
      meter_type: body.MeterType,
      amount: body.amount,
      phone: caller.user.phone,
    }),
  }),
} satisfies Record<PurchaseKind, unknown>;

/**
 * A purchase in the dialect, with the customer's prices and limits (keyPurchases.ts). A request id
 * still being answered answers its purchase as it stands: the dialect has no word for "in progress".
 */
export async function buyInDialect<S extends z.ZodMiniType>(
  deps: PurchaseDeps,
  caller: KeyCaller,
  { order }: MsorgPurchase<S>,
  body: z.output<S>,
): Promise<TransactionRow> {
  const asked = body as Record<string, unknown>;
  try {
    return await buyWithKey(deps, caller, "msorg", await order(deps, body, caller), asked);
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
