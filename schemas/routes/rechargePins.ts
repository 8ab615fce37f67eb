import { rechargePinPurchaseBody } from "../rechargePins";
import { transaction } from "../transactions";
import { contracts } from "./contract";
import { history } from "./purchase";

/** Buying recharge cards; loaded with the recharge-card wizard's first call, so the other wizards never fetch it. */
export const rechargePinContracts = contracts({
  "GET /core/customer/recharge-pins": history("recharge card"),
  "POST /core/customer/recharge-pins": {
    tag: "Purchases",
    summary:
      "Buy recharge cards to print; a delivered purchase answers each card in `pins` (with its `load_code`) and what to print on them in `cards`",
    body: rechargePinPurchaseBody,
    result: transaction,
  },
});
