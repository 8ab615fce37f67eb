import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { customerLevels } from "../services/levels/customerLevels";
import { upgradeLevel } from "../services/levels/levelUpgrades";

/** A customer's price levels: read them with their own marked, and move up one by paying its fee. */
export function levelUpgradeRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/levels", async ({ c }) => ({
      msg: "Price levels retrieved.",
      data: await customerLevels(deps.db, sessionOf(c).user.priceLevel),
    })),
    implement("POST /core/customer/level-upgrade", async ({ body, c }) => {
      const data = await upgradeLevel(
        deps,
        sessionOf(c).user,
        body,
        clientAddress(c, deps.config.trustProxy),
      );
      return { msg: `You are now on the ${data.transaction.product ?? body.level} level.`, data };
    }),
  ];
}
