import { assertEvent, assign, fromPromise, setup } from "xstate";
import { type EmergencyBody, type EmergencyStatus, emergencyBody } from "../schemas/admin";
import { failureMessage } from "./actionFailure";
import { missingActor } from "./missingActor";

/** What the server says about emergency mode: its status text (the envelope's msg) and the details. */
export interface EmergencyReading {
  text: string;
  status: EmergencyStatus;
}

interface EmergencyContext {
  reading: EmergencyReading | null;
  /** The switch the admin asked for, held while they confirm it and while it is sent. */
  pending: EmergencyBody | null;
  error: string | null;
}

/** A read or switch's answer, for the guards and actions that read it. */
const answer = ({ event }: { event: { output: EmergencyReading } }) => event.output;

/**
 * The switch the admin confirmed. Switching is only entered from confirming, which holds one, so
 * reaching it without would be a mistake in this machine, not something an admin can do: it stops the actor.
 */
function requestedSwitch({ pending }: EmergencyContext): EmergencyBody {
  if (!pending) throw new Error("emergencyModeMachine: switching with no switch requested");
  return pending;
}

const missing = (actor: string) => missingActor("emergencyModeMachine", actor);

/**
 * The admin dashboard's emergency switch. It reads the mode, and switching either way goes through a
 * confirmation, because turning it on stops every customer's purchases at once. After a failed switch
 * it reads the mode again rather than guessing: a lost answer may still have switched it.
 */
export const emergencyModeMachine = setup({
  types: {
    context: {} as EmergencyContext,
    events: {} as
      | { type: "emergency.switchOn"; message: string }
      | { type: "emergency.switchOff" }
      | { type: "emergency.confirm" }
      | { type: "emergency.cancel" }
      | { type: "emergency.retry" },
  },
  actors: {
    loadStatus: fromPromise<EmergencyReading>(missing("loadStatus")),
    switchMode: fromPromise<EmergencyReading, EmergencyBody>(missing("switchMode")),
  },
  guards: {
    isOn: ({ context }) => context.reading?.status.enabled === true,
    readsOn: (_, reading: EmergencyReading) => reading.status.enabled === true,
    /** The same rule the server applies: customers must be told why, in at least 5 characters. */
    messageAcceptable: ({ event }) => {
      assertEvent(event, "emergency.switchOn");
      return emergencyBody.safeParse({ enabled: true, message: event.message }).success;
    },
  },
  actions: {
    rememberReading: assign((_, reading: EmergencyReading) => ({ reading })),
    askToSwitchOn: assign({
      pending: ({ event }) => {
        assertEvent(event, "emergency.switchOn");
        return { enabled: true, message: event.message.trim() };
      },
    }),
    askToSwitchOff: assign({ pending: { enabled: false } }),
    forgetRequest: assign({ pending: null }),
    rememberError: assign({ error: ({ event }) => failureMessage(event) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "emergencyMode",
  context: { reading: null, pending: null, error: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadStatus",
        src: "loadStatus",
        onDone: [
          {
            guard: { type: "readsOn", params: answer },
            target: "on",
            actions: [{ type: "rememberReading", params: answer }, "clearError"],
          },
          { target: "off", actions: [{ type: "rememberReading", params: answer }, "clearError"] },
        ],
        onError: { target: "failed", actions: "rememberError" },
      },
    },
    off: {
      on: {
        "emergency.switchOn": { guard: "messageAcceptable", target: "confirming", actions: "askToSwitchOn" },
      },
    },
    on: {
      on: { "emergency.switchOff": { target: "confirming", actions: "askToSwitchOff" } },
    },
    confirming: {
      on: {
        "emergency.confirm": "switching",
        "emergency.cancel": [
          { guard: "isOn", target: "on", actions: "forgetRequest" },
          { target: "off", actions: "forgetRequest" },
        ],
      },
    },
    switching: {
      invoke: {
        id: "switchMode",
        src: "switchMode",
        input: ({ context }) => requestedSwitch(context),
        onDone: [
          {
            guard: { type: "readsOn", params: answer },
            target: "on",
            actions: [{ type: "rememberReading", params: answer }, "forgetRequest"],
          },
          { target: "off", actions: [{ type: "rememberReading", params: answer }, "forgetRequest"] },
        ],
        onError: { target: "failed", actions: ["rememberError", "forgetRequest"] },
      },
    },
    failed: {
      on: { "emergency.retry": "loading" },
    },
  },
});
