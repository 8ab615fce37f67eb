import { fromPromise } from "xstate";
import type { AccountsApi } from "../api/accountsApi";

export function verifyEmailActors(accounts: AccountsApi) {
  return {
    verifyCode: fromPromise<void, { email: string; code: string }>(async ({ input }) => {
      await accounts.verifyCode(input.email, input.code);
    }),
    resendCode: fromPromise<void, { email: string }>(async ({ input }) => {
      await accounts.resendCode(input.email);
    }),
  };
}
