import { and, eq, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../../../db/database";
import { rowFromJson } from "../../../db/jsonRows";
import { providerProducts } from "../../../db/schema";
import type { ProviderOrder } from "../../../outside/provider";
import type { Offer } from "../../routing/routeCandidates";

// What providers sell a kind's product for, as the kinds' modules read it: rows of provider_products.

/** Face value less what the provider takes off it for us: what an airtime or electricity sale costs. */
export const lessCommission = (amount: number, commissionBp: number) =>
  amount - Math.floor((amount * commissionBp) / 10_000);

type OfferRow = typeof providerProducts.$inferSelect;

/** The enabled provider offers of a catalogue row, as a JSON array: a part of the purchase's first statement. */
export const offersOf = (service: OfferRow["service"], productId: AnyPgColumn) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(${providerProducts})), '[]'::jsonb) from ${providerProducts}
    where ${providerProducts.service} = ${service} and ${providerProducts.productId} = ${productId} and ${providerProducts.enabled})`;

/** The offers `offersOf` read, as Drizzle reads the table. */
export const offerRows = (found: Record<string, unknown>) =>
  (found.offers as Record<string, unknown>[]).map((row) => rowFromJson(providerProducts, row));

/** The enabled offers of a catalogue row, read on their own (TV and electricity look up without the first statement). */
export function offersFor(db: Queryable, service: OfferRow["service"], productId: number) {
  return db
    .select()
    .from(providerProducts)
    .where(
      and(
        eq(providerProducts.service, service),
        eq(providerProducts.productId, productId),
        eq(providerProducts.enabled, true),
      ),
    );
}

/** What a plan's offer sends its provider whatever the kind: its service, its plan code, our plan. */
export const planOffer = (offer: OfferRow, planId: number) => ({
  serviceId: offer.serviceId,
  variationCode: offer.variationCode ?? "",
  planId,
});

/** One provider's offer as routing takes it: whose, what it charges us, and what to send it. */
export const offerOf = (offer: OfferRow, cost: number, delivery: ProviderOrder): Offer => ({
  provider: offer.provider,
  cost,
  delivery,
});
