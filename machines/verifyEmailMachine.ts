import { assertEvent, assign, fromPromise, setup } from "xstate";
import { failureMessage } from "./actionFailure";
import { missingActor } from "./missingActor";

const missing = (actor: string) => missingActor("verifyEmailMachine", actor);

/** The verify modal: enter the emailed code, or ask for a new one, until the email is verified. */
export const verifyEmailMachine = setup({
  types: {
    input: {} as { email: string },
    context: {} as { email: string; error: string | null },
    events: {} as { type: "code.submit"; code: string } | { type: "code.resend" },
  },
  actors: {
    verifyCode: fromPromise<void, { email: string; code: string }>(missing("verifyCode")),
    resendCode: fromPromise<void, { email: string }>(missing("resendCode")),
  },
  actions: {
    rememberError: assign({ error: ({ event }) => failureMessage(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "verifyEmail",
  context: ({ input }) => ({ email: input.email, error: null }),
  initial: "entering",
  states: {
    entering: {
      on: { "code.submit": "verifying", "code.resend": "resending" },
    },
    verifying: {
      invoke: {
        id: "verifyCode",
        src: "verifyCode",
        input: ({ context, event }) => {
          assertEvent(event, "code.submit");
          return { email: context.email, code: event.code };
        },
        onDone: { target: "verified", actions: "clearError" },
        onError: { target: "entering", actions: "rememberError" },
      },
    },
    resending: {
      invoke: {
        id: "resendCode",
        src: "resendCode",
        input: ({ context }) => ({ email: context.email }),
        onDone: { target: "entering", actions: "clearError" },
        onError: { target: "entering", actions: "rememberError" },
      },
    },
    verified: { type: "final" },
  },
});
