import { asc, eq } from "drizzle-orm";
import type { Context } from "hono";
import { networks, tvProviders } from "../db/schema";
import type { AppDeps, AppEnv } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { notFound } from "../refusal";
import {
  airtimeAtLevel,
  bouquetsAtLevel,
  dataPlanViews,
  discosAtLevel,
} from "../services/catalogue/catalogueAtLevel";

/**
 * What customers may buy: each network, plan, provider and disco with whether it is on, priced at
 * the caller's level, as the purchase charges it (services/catalogue/catalogueAtLevel.ts).
 */
export function catalogueRoutes(deps: AppDeps) {
  const levelOf = (c: Context<AppEnv>) => sessionOf(c).user.priceLevel;
  const configured = (provider: string) => deps.providers.has(provider);
  return [
    implement("GET /core/customer/fetch/airtime", async ({ c }) => ({
      msg: "Airtime controls retrieved.",
      data: await airtimeAtLevel(deps.db, levelOf(c), configured),
    })),
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
      return {
        msg: "Data plans retrieved.",
        data: await dataPlanViews(deps.db, levelOf(c), configured, network.id),
      };
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
      const [provider] = await deps.db.select().from(tvProviders).where(eq(tvProviders.id, params.id));
      if (!provider) throw notFound("No such TV provider.");
      return {
        msg: "Bouquets retrieved.",
        data: await bouquetsAtLevel(deps.db, levelOf(c), configured, provider.id),
      };
    }),
    implement("GET /core/customer/fetch/electricity", async ({ c }) => ({
      msg: "Distribution companies retrieved.",
      data: await discosAtLevel(deps.db, levelOf(c)),
    })),
  ];
}
