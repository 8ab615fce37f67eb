import { z } from "zod/mini";
import { transaction } from "../transactions";
import { staffFundBody } from "../wallet";
import { contracts } from "./contract";

export const staffFundingContracts = contracts({
  "POST /staff/customer/fund/:user_id": {
    tag: "Staff",
    summary: "Add money to a customer's wallet, with a reason (audited)",
    params: z.strictObject({ user_id: z.uuid() }),
    body: staffFundBody,
    result: transaction,
    successStatus: 201,
  },
});
