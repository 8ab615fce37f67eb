import type { Transaction } from "../database";
import {
  dataPlans,
  discos,
  networks,
  providerNetworks,
  providerProducts,
  rechargeCards,
  tvPlans,
} from "../schema";
import {
  vendorAirtimeCommissionBp,
  vendorBouquetIds,
  vendorCableIds,
  vendorDiscoIds,
  vendorNetworkIds,
  vendorPlans,
  vendorRechargeCostPercent,
  vendorRechargeIds,
  vtpassCableIds,
  vtpassCost,
  vtpassDiscoIds,
  vtpassNetworks,
} from "./providerProductsData";

type Row = typeof providerProducts.$inferInsert;

/**
 * Who sells the starting catalogue, from providerProductsData.ts alone: VTpass every product but the
 * vendor's SME and corporate-gifting plans and recharge cards, the SME-data vendor what that file maps; and each
 * provider's data id for each network. Run with the catalogue's own seed, on a fresh installation only.
 */
export async function seedProviderProducts(tx: Transaction): Promise<void> {
  // One after another: a transaction's statements go over one connection.
  const nets = await tx.select().from(networks);
  const plans = await tx.select().from(dataPlans);
  const bouquets = await tx.select().from(tvPlans);
  const companies = await tx.select().from(discos);
  const cards = await tx.select().from(rechargeCards);
  const rows: Row[] = [];
  const dataIds: Array<typeof providerNetworks.$inferInsert> = [];
  for (const net of nets) {
    const vtpass = vtpassNetworks[net.id];
    if (vtpass) {
      rows.push({
        provider: "vtpass",
        service: "airtime",
        productId: net.id,
        serviceId: vtpass.airtime,
        commissionBp: vtpass.commissionBp,
      });
      dataIds.push({ provider: "vtpass", networkId: net.id, dataServiceId: vtpass.data });
    }
    const vendorId = vendorNetworkIds.airtime[net.id];
    if (vendorId)
      rows.push({
        provider: "msorg",
        service: "airtime",
        productId: net.id,
        serviceId: vendorId,
        commissionBp: vendorAirtimeCommissionBp,
      });
    const vendorData = vendorNetworkIds.data[net.id];
    if (vendorData) dataIds.push({ provider: "msorg", networkId: net.id, dataServiceId: vendorData });
  }
  for (const plan of plans) {
    const vtpassData = vtpassNetworks[plan.networkId]?.data;
    if (plan.planType === "direct" && vtpassData)
      rows.push({
        provider: "vtpass",
        service: "data",
        productId: plan.id,
        serviceId: vtpassData,
        variationCode: plan.code,
        cost: vtpassCost(plan.price, "data"),
      });
    const vendor = vendorPlans[plan.code];
    const vendorNetwork = vendorNetworkIds.data[plan.networkId];
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
    const cableId = vtpassCableIds[bouquet.providerId];
    if (cableId)
      rows.push({
        provider: "vtpass",
        service: "tv",
        productId: bouquet.id,
        serviceId: cableId,
        variationCode: bouquet.code,
        cost: vtpassCost(bouquet.price, "tv"),
      });
    const cable = vendorCableIds[bouquet.providerId];
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
    const vtpassDisco = vtpassDiscoIds[disco.code];
    if (vtpassDisco)
      rows.push({ provider: "vtpass", service: "electricity", productId: disco.id, serviceId: vtpassDisco });
    const vendorDisco = vendorDiscoIds[disco.code];
    if (vendorDisco)
      rows.push({ provider: "msorg", service: "electricity", productId: disco.id, serviceId: vendorDisco });
  }
  for (const card of cards) {
    const networkAmount = vendorRechargeIds[card.networkId]?.[card.denomination];
    const costPercent = vendorRechargeCostPercent[card.networkId];
    // rechargepin/ numbers networks as topup/ does.
    const vendorNetwork = vendorNetworkIds.airtime[card.networkId];
    if (networkAmount && costPercent && vendorNetwork)
      rows.push({
        provider: "msorg",
        service: "recharge_pin",
        productId: card.id,
        serviceId: vendorNetwork,
        variationCode: networkAmount,
        cost: (card.denomination * costPercent) / 100,
      });
  }
  await tx.insert(providerProducts).values(rows).onConflictDoNothing();
  await tx.insert(providerNetworks).values(dataIds).onConflictDoNothing();
}
