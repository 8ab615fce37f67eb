import { z } from "zod/mini";
import { customerLevel, levelUpgradeBody, levelUpgradeResult } from "../levelUpgrades";
import { contracts } from "./contract";

export const levelUpgradeContracts = contracts({
  "GET /core/customer/levels": {
    tag: "Price levels",
    summary:
      "The price levels, lowest first: each one's discounts, upgrade fee and whether it is the caller's",
    result: z.array(customerLevel),
  },
  "POST /core/customer/level-upgrade": {
    tag: "Price levels",
    summary:
      "Move up to a higher level, paying its fee from the wallet once per request_id (audited as level.upgrade)",
    body: levelUpgradeBody,
    result: levelUpgradeResult,
  },
});
