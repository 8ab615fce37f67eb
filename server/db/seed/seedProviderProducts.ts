import type { Transaction } from "../database";
import { dataPlans, discos, networks, providerProducts, tvPlans, tvProviders } from "../schema";
import {
  vendorAirtimeCommissionBp,
  vendorBouquetIds,
  vendorCableIds,
  vendorDiscoIds,
  vendorNetworkIds,
  vendorPlans,
} from "./providerProductsData";

type Row = typeof providerProducts.$inferInsert;

/**
 * Who sells the starting catalogue: VTpass every product but the vendor's SME and corporate-gifting
 * plans, under the catalogue's own codes and costs; the SME-data vendor what providerProductsData.ts
 * maps. Run with the catalogue's own seed, on a fresh installation only.
 */
export async function seedProviderProducts(tx: Transaction): Promise<void> {
  const [nets, plans, tvs, bouquets, companies] = await Promise.all([
    tx.select().from(networks),
    tx.select().from(dataPlans),
    tx.select().from(tvProviders),
    tx.select().from(tvPlans),
    tx.select().from(discos),
  ]);
  const rows: Row[] = [];
  for (const net of nets) {
    const service = "airtime" as const;
    rows.push({
      provider: "vtpass",
      service,
      productId: net.id,
      serviceId: net.airtimeServiceId,
      commissionBp: net.airtimeCommissionBp,
    });
    const vendorId = vendorNetworkIds.airtime[net.id];
    if (vendorId)
      rows.push({
        provider: "msorg",
        service,
        productId: net.id,
        serviceId: vendorId,
        commissionBp: vendorAirtimeCommissionBp,
      });
  }
  for (const plan of plans) {
    const net = nets.find((n) => n.id === plan.networkId);
    if (!net) continue;
    if (plan.planType === "direct")
      rows.push({
        provider: "vtpass",
        service: "data",
        productId: plan.id,
        serviceId: net.dataServiceId,
        variationCode: plan.code,
        cost: plan.costPrice,
      });
    const vendor = vendorPlans[plan.code];
    const vendorNetwork = vendorNetworkIds.data[net.id];
    if (vendor && vendorNetwork)
      rows.push({
        provider: "msorg",
        service: "data",
        productId: plan.id,
        serviceId: vendorNetwork,
        variationCode: vendor.id,
        cost: vendor.naira * 100,
      });
  }
  for (const bouquet of bouquets) {
    const tv = tvs.find((t) => t.id === bouquet.providerId);
    if (!tv) continue;
    rows.push({
      provider: "vtpass",
      service: "tv",
      productId: bouquet.id,
      serviceId: tv.serviceId,
      variationCode: bouquet.code,
      cost: bouquet.costPrice,
    });
    const cable = vendorCableIds[tv.id];
    const vendorBouquet = vendorBouquetIds[bouquet.code];
    if (cable && vendorBouquet)
      rows.push({
        provider: "msorg",
        service: "tv",
        productId: bouquet.id,
        serviceId: cable,
        variationCode: vendorBouquet,
        cost: bouquet.price,
      });
  }
  for (const disco of companies) {
    rows.push({
      provider: "vtpass",
      service: "electricity",
      productId: disco.id,
      serviceId: disco.serviceId,
    });
    const vendorDisco = vendorDiscoIds[disco.code];
    if (vendorDisco)
      rows.push({ provider: "msorg", service: "electricity", productId: disco.id, serviceId: vendorDisco });
  }
  await tx.insert(providerProducts).values(rows).onConflictDoNothing();
}
