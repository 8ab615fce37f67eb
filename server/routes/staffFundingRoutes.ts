import { z } from "zod";
import { transaction } from "../../schemas/transactions";
import { staffFundBody } from "../../schemas/wallet";
import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { defineRoute } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { staffFund } from "../services/funding/staffFunding";
import { transactionView } from "../services/transactions/transactionRecords";

export function staffFundingRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "post",
      path: "/staff/customer/fund/:user_id",
      tag: "Staff",
      summary: "Add money to a customer's wallet, with a reason (audited)",
      params: z.strictObject({ user_id: z.uuid() }),
      body: staffFundBody,
      result: transaction,
      successStatus: 201,
      async handle({ params, body, c }) {
        const row = await staffFund(
          deps,
          sessionOf(c).user,
          params.user_id,
          body,
          clientAddress(c, deps.config.trustProxy),
        );
        return { msg: "The wallet has been funded.", data: transactionView(row) };
      },
    }),
  ];
}
