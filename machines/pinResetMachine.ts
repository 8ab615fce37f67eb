import { assertEvent, assign, fromPromise, setup } from "xstate";
import { describeFailure, failureMessage } from "./actionFailure";
import { missingActor } from "./missingActor";

export interface PinResetInput {
  code: string;
  new_pin: string;
}

/** What a request for a code threw, for the guard that reads it. */
const thrown = ({ event }: { event: { error: unknown } }) => event.error;

const missing = (actor: string) => missingActor("pinResetMachine", actor);

/**
 * Setting or changing the transaction PIN: ask for an emailed code, then confirm it with the new PIN.
 * The OTP modal is open in codeSent, resending and confirming; it closes in done. Asked again within
 * the minute, the server refuses a new code (429) and the modal opens anyway, for the code already sent.
 */
export const pinResetMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as
      | { type: "pin.request" }
      | { type: "pin.resend" }
      | ({ type: "pin.confirm" } & PinResetInput)
      | { type: "pin.cancel" },
  },
  actors: {
    requestCode: fromPromise<void>(missing("requestCode")),
    confirmPin: fromPromise<void, PinResetInput>(missing("confirmPin")),
  },
  guards: {
    /** A code went out less than a minute ago (429): the customer may already hold it, so let them type it. */
    codeAlreadySent: (_, error: unknown) => describeFailure(error).status === 429,
  },
  actions: {
    /** The PIN changed: the app refreshes the profile so has_pin is right everywhere. */
    pinChanged: () => {},
    rememberError: assign({ error: ({ event }) => failureMessage(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "pinReset",
  context: { error: null },
  initial: "idle",
  states: {
    idle: {
      on: { "pin.request": "requesting" },
    },
    requesting: {
      entry: "clearError",
      invoke: {
        id: "requestCode",
        src: "requestCode",
        onDone: "codeSent",
        onError: [
          {
            guard: { type: "codeAlreadySent", params: thrown },
            target: "codeSent",
            actions: "rememberError",
          },
          // No code and no modal: nothing on screen has a place for the refusal, so the client toasts it.
          { target: "idle" },
        ],
      },
    },
    codeSent: {
      on: {
        "pin.confirm": "confirming",
        "pin.resend": "resending",
        "pin.cancel": { target: "idle", actions: "clearError" },
      },
    },
    resending: {
      invoke: {
        id: "resendCode",
        src: "requestCode",
        onDone: { target: "codeSent", actions: "clearError" },
        onError: { target: "codeSent", actions: "rememberError" },
      },
    },
    confirming: {
      invoke: {
        id: "confirmPin",
        src: "confirmPin",
        input: ({ event }) => {
          assertEvent(event, "pin.confirm");
          return { code: event.code, new_pin: event.new_pin };
        },
        onDone: { target: "done", actions: ["clearError", "pinChanged"] },
        onError: { target: "codeSent", actions: "rememberError" },
      },
    },
    done: {
      on: { "pin.request": "requesting" },
    },
  },
});
