import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { staffFund } from "../services/funding/staffFunding";
import { transactionView } from "../services/transactions/transactionRecords";

export function staffFundingRoutes(deps: AppDeps) {
  return [
    implement("POST /staff/customer/fund/:user_id", async ({ params, body, c }) => {
      const row = await staffFund(
        deps,
        sessionOf(c).user,
        params.user_id,
        body,
        clientAddress(c, deps.config.trustProxy),
      );
      return { msg: "The wallet has been funded.", data: transactionView(row) };
    }),
  ];
}
