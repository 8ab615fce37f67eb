import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../deps";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { airtimeAtLevel, discosAtLevel, examPinsAtLevel } from "../services/catalogue/catalogueAtLevel";
import {
  bouquetsOfProvider,
  dataNetworksOnSale,
  dataPlansOfNetwork,
} from "../services/catalogue/customerCatalogue";
import { rechargeCardsAtLevel } from "../services/catalogue/rechargeCardsAtLevel";
import { listTvProviders } from "../services/catalogue/tvProviders";

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
    implement("GET /core/customer/fetch/data", async () => ({
      msg: "Data networks retrieved.",
      data: await dataNetworksOnSale(deps.db),
    })),
    implement("GET /core/customer/fetch/data/:id", async ({ params, c }) => ({
      msg: "Data plans retrieved.",
      data: await dataPlansOfNetwork(deps.db, levelOf(c), configured, params.id),
    })),
    implement("GET /core/customer/fetch/tv", async () => ({
      msg: "TV providers retrieved.",
      data: await listTvProviders(deps.db),
    })),
    implement("GET /core/customer/fetch/tv/:id", async ({ params, c }) => ({
      msg: "Bouquets retrieved.",
      data: await bouquetsOfProvider(deps.db, levelOf(c), configured, params.id),
    })),
    implement("GET /core/customer/fetch/electricity", async ({ c }) => ({
      msg: "Distribution companies retrieved.",
      data: await discosAtLevel(deps.db, levelOf(c)),
    })),
    implement("GET /core/customer/fetch/exam-pins", async ({ c }) => ({
      msg: "Exam PINs retrieved.",
      data: await examPinsAtLevel(deps.db, levelOf(c), configured),
    })),
    implement("GET /core/customer/fetch/recharge-pins", async ({ c }) => ({
      msg: "Recharge cards retrieved.",
      data: await rechargeCardsAtLevel(deps.db, levelOf(c), configured),
    })),
  ];
}
