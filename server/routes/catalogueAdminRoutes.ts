import { z } from "zod";
import { catalogueIdParam } from "../../schemas/catalogue";
import {
  airtimeControlPatch,
  controlIdQuery,
  dataNetworkPatch,
  dataPlanCreate,
  dataPlanPatch,
  discoPatch,
  staffAirtimeControl,
  staffDataNetwork,
  staffDataPlan,
  staffDisco,
  staffTvPlan,
  staffTvProvider,
  tvPlanPatch,
  tvProviderPatch,
} from "../../schemas/catalogueStaff";
import { planSyncBody, planSyncReport as planSyncReportSchema, planSyncResult } from "../../schemas/planSync";
import type { AppDeps } from "../deps";
import { actorOf } from "../http/actor";
import { defineRoute } from "../http/route";
import * as catalogue from "../services/catalogueAdmin";
import { applyPlanSync, planSyncReport } from "../services/dataPlanSync";

/** The catalogue's editors for staff: every change validated by the editor schema and audited. */
export function catalogueAdminRoutes(deps: AppDeps) {
  const actor = (c: Parameters<typeof actorOf>[0]) => actorOf(c, deps.config.trustProxy);
  return [
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/data/plans/sync",
      tag: "Staff: catalogue",
      summary: "The provider's data plans for a network beside ours: new, changed in cost, gone, the same",
      query: controlIdQuery,
      result: planSyncReportSchema,
      async handle({ query }) {
        return { msg: "Provider plans compared.", data: await planSyncReport(deps, query.control_id) };
      },
    }),
    defineRoute({
      method: "post",
      path: "/core/staff/fetch/data/plans/sync",
      tag: "Staff: catalogue",
      summary:
        "Import chosen plans from the provider: new ones at our price, the provider's cost for changed ones, gone ones switched off",
      body: planSyncBody,
      result: planSyncResult,
      async handle({ body, c }) {
        const data = await applyPlanSync(deps, actor(c), body);
        return {
          msg: `Imported: ${data.created} new, ${data.updated} with a new cost, ${data.switched_off} switched off.`,
          data,
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/airtime",
      tag: "Staff: catalogue",
      summary: "Airtime controls per network, with the commission",
      result: z.array(staffAirtimeControl),
      async handle() {
        return { msg: "Airtime controls retrieved.", data: await catalogue.listAirtimeControls(deps.db) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/core/staff/fetch/airtime",
      tag: "Staff: catalogue",
      summary: "Change a network's airtime controls: `{ id, ...changes }`",
      body: airtimeControlPatch,
      result: staffAirtimeControl,
      async handle({ body, c }) {
        return {
          msg: "Airtime controls saved.",
          data: await catalogue.patchAirtimeControl(deps, actor(c), body),
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/data/networks",
      tag: "Staff: catalogue",
      summary: "Each network's data switch",
      result: z.array(staffDataNetwork),
      async handle() {
        return { msg: "Data networks retrieved.", data: await catalogue.listDataNetworks(deps.db) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/core/staff/fetch/data/networks",
      tag: "Staff: catalogue",
      summary: "Switch a network's data on or off: `{ id, enabled }`",
      body: dataNetworkPatch,
      result: staffDataNetwork,
      async handle({ body, c }) {
        return { msg: "Data network saved.", data: await catalogue.patchDataNetwork(deps, actor(c), body) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/data/plans",
      tag: "Staff: catalogue",
      summary: "A network's data plans, switched-off ones too",
      query: controlIdQuery,
      result: z.array(staffDataPlan),
      async handle({ query }) {
        return {
          msg: "Data plans retrieved.",
          data: await catalogue.listDataPlans(deps.db, query.control_id),
        };
      },
    }),
    defineRoute({
      method: "post",
      path: "/core/staff/fetch/data/plans",
      tag: "Staff: catalogue",
      summary: "Create a data plan",
      body: dataPlanCreate,
      result: staffDataPlan,
      successStatus: 201,
      async handle({ body, c }) {
        return { msg: "Data plan created.", data: await catalogue.createDataPlan(deps, actor(c), body) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/core/staff/fetch/data/plans/:id",
      tag: "Staff: catalogue",
      summary: "Edit a data plan",
      params: catalogueIdParam,
      body: dataPlanPatch,
      result: staffDataPlan,
      async handle({ params, body, c }) {
        return {
          msg: "Data plan saved.",
          data: await catalogue.patchDataPlan(deps, actor(c), params.id, body),
        };
      },
    }),
    defineRoute({
      method: "delete",
      path: "/core/staff/fetch/data/plans/:id",
      tag: "Staff: catalogue",
      summary:
        "Delete a data plan; one that has been sold is switched off instead, so its sales keep their meaning",
      params: catalogueIdParam,
      result: z.object({ deleted: z.boolean(), disabled: z.boolean() }),
      async handle({ params, c }) {
        const data = await catalogue.deleteDataPlan(deps, actor(c), params.id);
        return {
          msg: data.deleted
            ? "Data plan deleted."
            : "This plan has sales, so it was switched off instead of deleted.",
          data,
        };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/tv/controls",
      tag: "Staff: catalogue",
      summary: "TV providers",
      result: z.array(staffTvProvider),
      async handle() {
        return { msg: "TV providers retrieved.", data: await catalogue.listTvProviders(deps.db) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/core/staff/fetch/tv/controls",
      tag: "Staff: catalogue",
      summary: "Change a TV provider: `{ id, ...changes }`",
      body: tvProviderPatch,
      result: staffTvProvider,
      async handle({ body, c }) {
        return { msg: "TV provider saved.", data: await catalogue.patchTvProvider(deps, actor(c), body) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/tv/plans",
      tag: "Staff: catalogue",
      summary: "A TV provider's bouquets, switched-off ones too",
      query: controlIdQuery,
      result: z.array(staffTvPlan),
      async handle({ query }) {
        return { msg: "Bouquets retrieved.", data: await catalogue.listTvPlans(deps.db, query.control_id) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/core/staff/fetch/tv/plans/:id",
      tag: "Staff: catalogue",
      summary: "Edit a bouquet",
      params: catalogueIdParam,
      body: tvPlanPatch,
      result: staffTvPlan,
      async handle({ params, body, c }) {
        return { msg: "Bouquet saved.", data: await catalogue.patchTvPlan(deps, actor(c), params.id, body) };
      },
    }),
    defineRoute({
      method: "get",
      path: "/core/staff/fetch/electricity",
      tag: "Staff: catalogue",
      summary: "Electricity distribution companies",
      result: z.array(staffDisco),
      async handle() {
        return { msg: "Distribution companies retrieved.", data: await catalogue.listDiscos(deps.db) };
      },
    }),
    defineRoute({
      method: "patch",
      path: "/core/staff/fetch/electricity",
      tag: "Staff: catalogue",
      summary: "Change a distribution company: `{ id, ...changes }`",
      body: discoPatch,
      result: staffDisco,
      async handle({ body, c }) {
        return { msg: "Distribution company saved.", data: await catalogue.patchDisco(deps, actor(c), body) };
      },
    }),
  ];
}
