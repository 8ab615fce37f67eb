import { and, asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { discos, networks, tvPlans, tvProviders } from "../db/schema";
import type { AppDeps, AppEnv } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { notFound } from "../refusal";
import { dataPlansAtLevel } from "../services/catalogueAtLevel";
import {
  airtimeDiscountAtLevel,
  levelDiscounts,
  offersByProduct,
  priceAtLevel,
} from "../services/priceLevels";

/**
 * What customers may buy: each network, plan, provider and disco with whether it is on, priced at
 * the caller's level, as the purchase charges it (schemas/pricing.ts).
 */
export function catalogueRoutes(deps: AppDeps) {
  const levelOf = (c: Context<AppEnv>) => levelDiscounts(deps.db, sessionOf(c).user.priceLevel);
  const configured = (provider: string) => deps.providers.has(provider);
  return [
    implement("GET /core/customer/fetch/airtime", async ({ c }) => {
      const [rows, level, offers] = await Promise.all([
        deps.db.select().from(networks).orderBy(asc(networks.id)),
        levelOf(c),
        offersByProduct(deps.db, "airtime"),
      ]);
      const data = rows.map((n) => ({
        id: n.id,
        network: n.name,
        enabled: n.airtimeEnabled,
        discount_percent: airtimeDiscountAtLevel(
          n.airtimeDiscountBp,
          level.airtime,
          offers.get(n.id) ?? [],
          configured,
        ),
        min_amount: n.airtimeMin,
        max_amount: n.airtimeMax,
      }));
      return { msg: "Airtime controls retrieved.", data };
    }),
    implement("GET /core/customer/fetch/data", async () => {
      const rows = await deps.db.select().from(networks).orderBy(asc(networks.id));
      return {
        msg: "Data networks retrieved.",
        data: rows.map((n) => ({ id: n.id, name: n.name, enabled: n.dataEnabled })),
      };
    }),
    implement("GET /core/customer/fetch/data/:id", async ({ params, c }) => {
      const [network] = await deps.db.select().from(networks).where(eq(networks.id, params.id));
      if (!network) throw notFound("No such network.");
      const plans = await dataPlansAtLevel(deps.db, sessionOf(c).user.priceLevel, configured, network.id);
      const data = plans.map(({ plan: p, price }) => ({
        id: p.id,
        control_id: p.networkId,
        name: p.name,
        size: p.size,
        validity: p.validity,
        category: p.category,
        plan_type: p.planType,
        price,
      }));
      return { msg: "Data plans retrieved.", data };
    }),
    implement("GET /core/customer/fetch/tv", async () => {
      const rows = await deps.db.select().from(tvProviders).orderBy(asc(tvProviders.id));
      const data = rows.map((p) => ({
        id: p.id,
        name: p.name,
        enabled: p.enabled,
        service_fee: p.serviceFee,
      }));
      return { msg: "TV providers retrieved.", data };
    }),
    implement("GET /core/customer/fetch/tv/:id", async ({ params, c }) => {
      const [level, offers] = await Promise.all([levelOf(c), offersByProduct(deps.db, "tv")]);
      const [provider] = await deps.db.select().from(tvProviders).where(eq(tvProviders.id, params.id));
      if (!provider) throw notFound("No such TV provider.");
      const rows = await deps.db
        .select()
        .from(tvPlans)
        .where(and(eq(tvPlans.providerId, provider.id), eq(tvPlans.enabled, true)))
        .orderBy(asc(tvPlans.sortOrder), asc(tvPlans.id));
      const data = rows.map((p) => ({
        id: p.id,
        control_id: p.providerId,
        name: p.name,
        price: priceAtLevel(p.price, level.tv, offers.get(p.id) ?? [], configured, provider.serviceFee),
      }));
      return { msg: "Bouquets retrieved.", data };
    }),
    implement("GET /core/customer/fetch/electricity", async ({ c }) => {
      const [rows, level] = await Promise.all([
        deps.db.select().from(discos).orderBy(asc(discos.id)),
        levelOf(c),
      ]);
      const data = rows.map((d) => ({
        id: d.id,
        name: d.name,
        enabled: d.enabled,
        min_amount: d.minAmount,
        max_amount: d.maxAmount,
        service_fee: d.serviceFee,
        discount_percent: level.electricity / 100,
      }));
      return { msg: "Distribution companies retrieved.", data };
    }),
  ];
}
