import { fromPromise } from "xstate";
import type { SignedOutApi } from "../api/signedOutApi";

export function verifyEmailActors(signedOut: SignedOutApi) {
  return {
    verifyCode: fromPromise<void, { email: string; code: string }>(async ({ input }) => {
      await signedOut.verifyCode(input.email, input.code);
    }),
    resendCode: fromPromise<void, { email: string }>(async ({ input }) => {
      await signedOut.resendCode(input.email);
    }),
  };
}
