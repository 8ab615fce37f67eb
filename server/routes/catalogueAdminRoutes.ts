import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { implement } from "../http/route";
import { listAirtimeControls, patchAirtimeControl } from "../services/catalogue/airtimeControls";
import { putNetworkDataId, putOffer, removeOffer } from "../services/catalogue/catalogueOffers";
import { listDataNetworks, patchDataNetwork } from "../services/catalogue/dataNetworks";
import { applyPlanSync, planSyncReport } from "../services/catalogue/dataPlanSync";
import {
  createDataPlan,
  deleteDataPlan,
  listDataPlans,
  patchDataPlan,
} from "../services/catalogue/dataPlans";
import { listDiscos, patchDisco } from "../services/catalogue/discos";
import { listTvPlans, patchTvPlan } from "../services/catalogue/tvPlans";
import { listTvProviders, patchTvProvider } from "../services/catalogue/tvProviders";

/** The catalogue's editors for staff: every change validated by the editor schema and audited. */
export function catalogueAdminRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    implement("GET /core/staff/fetch/data/plans/sync", async ({ query }) => {
      return {
        msg: "Provider plans compared.",
        data: await planSyncReport(deps, query.provider, query.control_id),
      };
    }),
    implement("POST /core/staff/fetch/data/plans/sync", async ({ body, c }) => {
      const data = await applyPlanSync(deps, actor(c), body);
      return {
        msg: `Imported: ${data.created} new, ${data.updated} with a new cost, ${data.switched_off} switched off.`,
        data,
      };
    }),
    implement("PUT /core/staff/fetch/offers", async ({ body, c }) => {
      return { msg: "Offer saved.", data: await putOffer(deps, actor(c), body) };
    }),
    implement("DELETE /core/staff/fetch/offers", async ({ query, c }) => {
      return { msg: "Offer removed.", data: await removeOffer(deps, actor(c), query) };
    }),
    implement("PUT /core/staff/fetch/data/networks/ids", async ({ body, c }) => {
      return { msg: "Data id saved.", data: await putNetworkDataId(deps, actor(c), body) };
    }),
    implement("GET /core/staff/fetch/airtime", async () => {
      return { msg: "Airtime controls retrieved.", data: await listAirtimeControls(deps) };
    }),
    implement("PATCH /core/staff/fetch/airtime", async ({ body, c }) => {
      return {
        msg: "Airtime controls saved.",
        data: await patchAirtimeControl(deps, actor(c), body),
      };
    }),
    implement("GET /core/staff/fetch/data/networks", async () => {
      return { msg: "Data networks retrieved.", data: await listDataNetworks(deps) };
    }),
    implement("PATCH /core/staff/fetch/data/networks", async ({ body, c }) => {
      return { msg: "Data network saved.", data: await patchDataNetwork(deps, actor(c), body) };
    }),
    implement("GET /core/staff/fetch/data/plans", async ({ query }) => {
      return {
        msg: "Data plans retrieved.",
        data: await listDataPlans(deps, query.control_id),
      };
    }),
    implement("POST /core/staff/fetch/data/plans", async ({ body, c }) => {
      return { msg: "Data plan created.", data: await createDataPlan(deps, actor(c), body) };
    }),
    implement("PATCH /core/staff/fetch/data/plans/:id", async ({ params, body, c }) => {
      return {
        msg: "Data plan saved.",
        data: await patchDataPlan(deps, actor(c), params.id, body),
      };
    }),
    implement("DELETE /core/staff/fetch/data/plans/:id", async ({ params, c }) => {
      const data = await deleteDataPlan(deps, actor(c), params.id);
      return {
        msg: data.deleted
          ? "Data plan deleted."
          : "This plan has sales, so it was switched off instead of deleted.",
        data,
      };
    }),
    implement("GET /core/staff/fetch/tv/controls", async () => {
      return { msg: "TV providers retrieved.", data: await listTvProviders(deps.db) };
    }),
    implement("PATCH /core/staff/fetch/tv/controls", async ({ body, c }) => {
      return { msg: "TV provider saved.", data: await patchTvProvider(deps, actor(c), body) };
    }),
    implement("GET /core/staff/fetch/tv/plans", async ({ query }) => {
      return { msg: "Bouquets retrieved.", data: await listTvPlans(deps, query.control_id) };
    }),
    implement("PATCH /core/staff/fetch/tv/plans/:id", async ({ params, body, c }) => {
      return { msg: "Bouquet saved.", data: await patchTvPlan(deps, actor(c), params.id, body) };
    }),
    implement("GET /core/staff/fetch/electricity", async () => {
      return { msg: "Distribution companies retrieved.", data: await listDiscos(deps) };
    }),
    implement("PATCH /core/staff/fetch/electricity", async ({ body, c }) => {
      return { msg: "Distribution company saved.", data: await patchDisco(deps, actor(c), body) };
    }),
  ];
}
