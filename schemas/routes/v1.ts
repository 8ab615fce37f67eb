import { z } from "zod/mini";
import { bulkBatch, bulkBatchDetail, v1BatchBody } from "../bulk";
import { airtimeControl, dataPlan, disco, examProduct, rechargeCard, tvPlan, tvProvider } from "../catalogue";
import { v1Balance, v1Purchase, v1PurchaseBody, v1PurchaseParams } from "../v1Api";
import { webhookDeliveryPage, webhookDeliveryQuery } from "../webhooks";
import { contracts } from "./contract";

/** Everything on sale at the caller's level, in one answer: what a program caches and refreshes. */
export const v1Catalogue = z.object({
  airtime: z.array(airtimeControl),
  data: z.array(dataPlan),
  tv: z.array(z.extend(tvProvider, { bouquets: z.array(tvPlan) })),
  electricity: z.array(disco),
  exam_pins: z.array(examProduct),
  recharge_pins: z.array(rechargeCard),
});

const tag = "API v1 (keys)";

/** OjaPay's API for programs (docs/RESELLERS.md): `Authorization: Bearer <API key>`, kobo, the envelope. */
export const v1Contracts = contracts({
  "POST /v1/purchases": {
    tag,
    summary:
      "Buy airtime, data, TV, electricity, exam PINs or recharge cards: `kind` and the customer purchase's fields without the PIN; `request_id` (a UUID you make) is required, and the same one answers the same purchase; PINs and cards delivered are in `pins`",
    body: v1PurchaseBody,
    result: v1Purchase,
  },
  "GET /v1/purchases/:id": {
    tag,
    summary:
      "A purchase as it stands now, by our id or by your `request_id`, with the exam PINs or recharge cards it delivered in `pins`",
    params: v1PurchaseParams,
    result: v1Purchase,
  },
  "POST /v1/batches": {
    tag,
    summary:
      "Buy airtime or data for up to 500 numbers: `kind`, `rows` (as the customer's bulk page sends them) and `request_id`; answers 202 with the batch, whose rows are ordinary purchases (each with its own webhook); refused with each bad row in `fields`, or when the wallet cannot cover the total",
    body: v1BatchBody,
    result: bulkBatch,
    successStatus: 202,
  },
  "GET /v1/batches/:id": {
    tag,
    summary:
      "A batch's progress and each row's outcome (its purchase's reference and status), by our id or by your `request_id`",
    params: v1PurchaseParams,
    result: bulkBatchDetail,
  },
  "GET /v1/balance": {
    tag,
    summary: "The wallet, and what pending purchases hold, in kobo",
    result: v1Balance,
  },
  "GET /v1/catalogue": {
    tag,
    summary:
      "Networks, data plans, bouquets, distribution companies, exam PINs and recharge cards, priced at your level",
    result: v1Catalogue,
  },
  "GET /v1/webhook-deliveries": {
    tag,
    summary: "The webhooks sent for this key, newest first: status, tries, the last answer",
    query: webhookDeliveryQuery,
    result: webhookDeliveryPage,
  },
});
