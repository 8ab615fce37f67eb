import { fromPromise } from "xstate";
import type { PinResetInput } from "../../machines/pinResetMachine";
import type { AccountsApi } from "../api/accountsApi";

export function pinResetActors(accounts: AccountsApi) {
  return {
    requestCode: fromPromise<void>(async () => {
      await accounts.requestPinReset();
    }),
    confirmPin: fromPromise<void, PinResetInput>(async ({ input }) => {
      await accounts.confirmPinReset(input);
    }),
  };
}
