import { eq } from "drizzle-orm";
import type { MeterType, MeterVerifyResult, TvVerifyResult } from "../../../schemas/purchases";
import { tvPlans } from "../../db/schema";
import type { PurchaseDeps } from "./placePurchase";
import { discoFor, tvProviderFor } from "./productOrders";
import { checkingProvider } from "./routePurchase";
import { verifyMeterWith, verifySmartcardWith } from "./verifyRecipient";

type Deps = Pick<PurchaseDeps, "db" | "providers" | "clock">;

/** A smartcard checked before buying, with the provider the purchase would go to first. */
export async function checkSmartcard(
  deps: Deps,
  tvProviderId: number,
  smartcard: string,
): Promise<TvVerifyResult> {
  const tv = await tvProviderFor(deps.db, tvProviderId);
  const bouquets = await deps.db
    .select({ id: tvPlans.id })
    .from(tvPlans)
    .where(eq(tvPlans.providerId, tv.id));
  const checker = await checkingProvider(
    deps,
    "tv",
    bouquets.map((bouquet) => bouquet.id),
  );
  return verifySmartcardWith(checker.provider, checker.serviceId, smartcard);
}

/** A meter checked before buying, with the provider the purchase would go to first. */
export async function checkMeter(
  deps: Deps,
  discoId: number,
  meterNumber: string,
  meterType: MeterType,
): Promise<MeterVerifyResult> {
  const disco = await discoFor(deps.db, discoId);
  const checker = await checkingProvider(deps, "electricity", [disco.id]);
  return verifyMeterWith(checker.provider, checker.serviceId, meterNumber, meterType);
}
