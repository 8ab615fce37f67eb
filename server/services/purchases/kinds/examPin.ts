import { eq, sql } from "drizzle-orm";
import { type ExamPinVerifyResult, examPinsAtOnce } from "../../../../schemas/examPins";
import { msorgEpinBody } from "../../../../schemas/msorgDialect";
import { planQuote } from "../../../../schemas/pricing";
import type { ExamPinOrder } from "../../../../schemas/purchases";
import type { Queryable } from "../../../db/database";
import { rowFromJson } from "../../../db/jsonRows";
import { examProducts } from "../../../db/schema";
import type { ProviderOrder } from "../../../outside/provider";
import { fieldRefusal, Refusal } from "../../../refusal";
import { priceAtLevel } from "../../levels/priceLevels";
import { epinProductFor } from "../../resellers/msorgExams";
import { msorgKind, nairaText } from "../../resellers/msorgKind";
import type { Order } from "../order";
import { checkingProvider } from "../routePurchase";
import { verifyCandidateWith } from "../verifyRecipient";
import { offerOf, offerRows, offersOf } from "./offerLookups";
import type { KindRequest, PurchaseKindModule, RecipientCheckDeps } from "./purchaseKind";

type ExamProductRow = typeof examProducts.$inferSelect;

/** What the order may be for this product: a JAMB PIN needs its candidate's profile ID, one at a time. */
function checkOrder(product: ExamProductRow, body: Pick<ExamPinOrder, "quantity" | "profile_id">) {
  if (!product.enabled)
    throw new Refusal("product_unavailable", `${product.name} is not available right now.`);
  if (body.quantity > examPinsAtOnce(product.needsProfile))
    throw fieldRefusal("quantity", "A JAMB PIN is for one candidate: buy one at a time.");
  if (product.needsProfile && !body.profile_id)
    throw fieldRefusal("profile_id", "Enter the candidate's JAMB profile ID.");
  if (!product.needsProfile && body.profile_id)
    throw fieldRefusal("profile_id", `${product.name} needs no profile ID: leave it out.`);
}

function examPinRequest(_db: Queryable, body: ExamPinOrder): KindRequest {
  return {
    catalogue: {
      name: "exam_product",
      query: () =>
        sql`select jsonb_build_object('product', to_jsonb(${examProducts}), 'offers', ${offersOf("exam_pin", examProducts.id)}) from ${examProducts} where ${examProducts.id} = ${sql.placeholder("productId")}`,
      values: { productId: body.product },
    },
    async price(found, { level, configured }) {
      if (!found) throw fieldRefusal("product", "Choose an exam PIN from the list.");
      const product = rowFromJson(examProducts, found.product as Record<string, unknown>);
      checkOrder(product, body);
      const offers = offerRows(found);
      const each = priceAtLevel(product.price, level.exam_pin, offers, configured);
      const count = body.quantity === 1 ? "" : `${body.quantity} × `;
      const forWhom = body.profile_id ? ` for profile ${body.profile_id}` : "";
      return {
        kind: "exam_pin" as const,
        recipient: body.profile_id ?? body.phone,
        quote: planQuote(each * body.quantity),
        description: `${count}${product.name}${forWhom}`,
        product: product.name,
        customerName: null,
        offers: offers.map((offer) => {
          const cost = (offer.cost ?? 0) * body.quantity;
          return offerOf(offer, cost, {
            service: "exam_pin",
            serviceId: offer.serviceId,
            variationCode: offer.variationCode ?? "",
            productId: product.id,
            quantity: body.quantity,
            phone: body.phone,
            ...(body.profile_id ? { profileId: body.profile_id } : {}),
            amount: cost,
          });
        }),
        routeScope: { networkId: null, planType: null },
      } satisfies Order;
    },
    async verify(order, offer, provider) {
      const delivery = offer.delivery as Extract<ProviderOrder, { service: "exam_pin" }>;
      if (!delivery.profileId) return order;
      const found = await verifyCandidateWith(
        provider,
        delivery.serviceId,
        delivery.variationCode,
        delivery.profileId,
      );
      return { ...order, customerName: found.customer_name };
    },
  };
}

async function productFor(db: Queryable, productId: number): Promise<ExamProductRow> {
  const [product] = await db.select().from(examProducts).where(eq(examProducts.id, productId));
  if (!product) throw fieldRefusal("product", "Choose an exam PIN from the list.");
  return product;
}

/** A JAMB candidate's profile ID checked before buying, with the provider the purchase would go to first. */
async function checkCandidate(
  deps: RecipientCheckDeps,
  body: Pick<ExamPinOrder, "product" | "profile_id">,
): Promise<ExamPinVerifyResult> {
  const product = await productFor(deps.db, body.product);
  if (!product.enabled)
    throw new Refusal("product_unavailable", `${product.name} is not available right now.`);
  if (!product.needsProfile || !body.profile_id)
    throw fieldRefusal("product", `${product.name} needs no profile check: choose how many and buy.`);
  const checker = await checkingProvider(deps, "exam_pin", [product.id]);
  return verifyCandidateWith(checker.provider, checker.serviceId, checker.variationCode, body.profile_id);
}

/** Exam PINs: WAEC, NECO and NABTEB result checkers and registration, JAMB's UTME with the candidate's profile. */
export const examPin = {
  kind: "exam_pin" as const,
  request: examPinRequest,
  checkRecipient: checkCandidate,
  msorg: msorgKind({
    service: "epin" as const,
    body: msorgEpinBody,
    order: async (deps, body, caller): Promise<ExamPinOrder> => {
      // The vendors take no phone for PINs: the account's stands in, as for TV and power.
      const product = await epinProductFor(deps.db, body.exam_name);
      return { product: product.id, quantity: body.quantity, phone: caller.user.phone };
    },
    recordFields: (row, asked, vouchers) => ({
      exam_name: asked.exam_name,
      quantity: asked.quantity,
      amount: nairaText(row.amount),
      // The vendors' own shape: each card as `<pin><=><serial>` (a PIN without a serial alone), one a line.
      data_pin: vouchers
        ? { pin: vouchers.map((v) => (v.serial ? `${v.pin}<=>${v.serial}` : v.pin)).join("\n") }
        : null,
    }),
  }),
} satisfies PurchaseKindModule<ExamPinOrder, ExamPinVerifyResult>;
