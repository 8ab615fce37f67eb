import { z } from "zod/mini";
import { levelParams, levelPatch, priceLevel } from "../levels";
import { contracts } from "./contract";

export const levelContracts = contracts({
  "GET /sys.admin/levels": {
    tag: "Admin",
    summary: "The price levels, lowest first: each one's name, upgrade fee and extra discount per service",
    result: z.array(priceLevel),
  },
  "PATCH /sys.admin/levels/:slug": {
    tag: "Admin",
    summary: "Rename a level or change its upgrade fee or discounts (audited as level.update)",
    params: levelParams,
    body: levelPatch,
    result: priceLevel,
  },
});
