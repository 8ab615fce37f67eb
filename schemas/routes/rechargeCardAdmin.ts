import { z } from "zod/mini";
import { catalogueIdParam } from "../catalogue";
import { rechargeCardPatch, staffRechargeCard } from "../rechargeCardStaff";
import { contracts } from "./contract";

/**
 * Recharge cards in the console: staff read them, admins price them and switch them on or off (their
 * offers go through `PUT /core/staff/fetch/offers` with service `recharge_pin`). An area of its own,
 * which the console loads on the Recharge cards page's first call.
 */
export const rechargeCardAdminContracts = contracts({
  "GET /core/staff/fetch/recharge-pins": {
    tag: "Staff: catalogue",
    summary: "Recharge cards, every network's every value, switched-off ones too, each with its offers",
    result: z.array(staffRechargeCard),
  },
  "PATCH /sys.admin/recharge-pins/:id": {
    tag: "Admin",
    summary:
      "Price a recharge card or switch it on or off; a price above the card's value is refused, and one below its dearest offer's cost is refused (`below_cost`) unless `sell_at_loss` gives a reason",
    params: catalogueIdParam,
    body: rechargeCardPatch,
    result: staffRechargeCard,
  },
});
