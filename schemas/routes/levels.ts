import { z } from "zod/mini";
import {
  levelParams,
  levelPatch,
  levelPlanParams,
  levelPlanPrice,
  levelPlanPriceBody,
  priceLevel,
  priceLevelInConsole,
} from "../levels";
import { contracts } from "./contract";

export const levelContracts = contracts({
  "GET /sys.admin/levels": {
    tag: "Admin",
    summary:
      "The price levels, lowest first: each one's name, upgrade fee and extra discount per service, and the products on sale where cost caps that discount",
    result: z.array(priceLevelInConsole),
  },
  "PATCH /sys.admin/levels/:slug": {
    tag: "Admin",
    summary: "Rename a level or change its upgrade fee or discounts (audited as level.update)",
    params: levelParams,
    body: levelPatch,
    result: priceLevel,
  },
  "GET /sys.admin/levels/:slug/plan-prices": {
    tag: "Admin",
    summary:
      "The data plans with a fixed price at the level, each with the plan's own price and what the level pays",
    params: levelParams,
    result: z.array(levelPlanPrice),
  },
  "PUT /sys.admin/levels/:slug/plan-prices/:plan_id": {
    tag: "Admin",
    summary:
      "Fix a data plan's price at the level, instead of its discount: at most the plan's own price (audited as level.update)",
    params: levelPlanParams,
    body: levelPlanPriceBody,
    result: levelPlanPrice,
  },
  "DELETE /sys.admin/levels/:slug/plan-prices/:plan_id": {
    tag: "Admin",
    summary: "Take a plan's fixed price at the level away: the level's discount applies again (audited)",
    params: levelPlanParams,
    result: z.array(levelPlanPrice),
  },
});
