import { asc, eq } from "drizzle-orm";
import { networks } from "../../db/schema";
import type { Actor } from "../people/actor";
import { changeAudited, type CatalogueDeps as Deps } from "./catalogueChanges";
import { networkDataIds } from "./catalogueOffers";

export const dataNetworkView = (n: typeof networks.$inferSelect) => ({
  id: n.id,
  name: n.name,
  enabled: n.dataEnabled,
});

/** Each network's data switch, with each provider's id for its data (provider_networks). */
export async function listDataNetworks(deps: Pick<Deps, "db" | "providers">) {
  const [rows, ids] = await Promise.all([
    deps.db.select().from(networks).orderBy(asc(networks.id)),
    networkDataIds(deps.db, deps.providers),
  ]);
  return rows.map((row) => ({ ...dataNetworkView(row), data_ids: ids.get(row.id) ?? [] }));
}

export async function patchDataNetwork(
  deps: Deps,
  actor: Actor,
  patch: { id: number; enabled?: boolean | undefined },
) {
  const view = dataNetworkView;
  const after = await changeAudited(
    deps,
    actor,
    { type: "data_network", id: patch.id },
    async (tx) => (await tx.select().from(networks).where(eq(networks.id, patch.id)).for("update"))[0],
    view,
    async (tx, before) => {
      const [row] = await tx
        .update(networks)
        .set({ dataEnabled: patch.enabled ?? before.dataEnabled })
        .where(eq(networks.id, patch.id))
        .returning();
      return { row, lossReason: null };
    },
  );
  return { ...after, data_ids: (await networkDataIds(deps.db, deps.providers)).get(after.id) ?? [] };
}
