import { asc, eq } from "drizzle-orm";
import type { LevelSlug } from "../../../schemas/levelSlugs";
import type { Queryable } from "../../db/database";
import { networks, tvProviders } from "../../db/schema";
import { notFound } from "../../refusal";
import type { LevelPricing } from "../levels/priceLevels";
import { bouquetsAtLevel, dataPlanViews } from "./catalogueAtLevel";
import { dataNetworkView } from "./dataNetworks";

type Configured = LevelPricing["configured"];

/** Each network with whether its data is on sale. */
export async function dataNetworksOnSale(db: Queryable) {
  return (await db.select().from(networks).orderBy(asc(networks.id))).map(dataNetworkView);
}

/** One network's data plans at the customer's level; a network that is not there is a 404. */
export async function dataPlansOfNetwork(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
  id: number,
) {
  const [network] = await db.select({ id: networks.id }).from(networks).where(eq(networks.id, id));
  if (!network) throw notFound("No such network.");
  return dataPlanViews(db, level, configured, network.id);
}

/** One TV provider's bouquets at the customer's level; a provider that is not there is a 404. */
export async function bouquetsOfProvider(
  db: Queryable,
  level: LevelSlug,
  configured: Configured,
  id: number,
) {
  const [provider] = await db.select({ id: tvProviders.id }).from(tvProviders).where(eq(tvProviders.id, id));
  if (!provider) throw notFound("No such TV provider.");
  return bouquetsAtLevel(db, level, configured, provider.id);
}
