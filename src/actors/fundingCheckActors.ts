import { fromPromise } from "xstate";
import type { FundingCheck } from "../../schemas/wallet";
import type { CustomerApi } from "../api/customerApi";

export function fundingCheckActors(customer: CustomerApi) {
  return {
    checkFunding: fromPromise<FundingCheck, { reference: string }>(({ input }) =>
      customer.verifyFunding(input.reference),
    ),
  };
}
