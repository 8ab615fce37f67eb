import { assertEvent, assign, fromPromise, setup } from "xstate";
import { type ActionFailure, describeFailure, markShownOnScreen } from "./actionFailure";
import { missingActor } from "./missingActor";
import { sameDraft } from "./sameDraft";

/**
 * What the send actor is given: the draft as confirmed and the request id it goes out with. The id
 * is the server's idempotency key (`request_id`); flows whose endpoint takes none simply ignore it.
 */
export interface ActionAttempt<Draft = unknown> {
  draft: Draft;
  requestId: string;
}

/**
 * How the person is asked before the send: not at all (the button itself is the decision), in a
 * dialog stating a draft written on the page, or in a dialog that holds the draft's own fields.
 */
export type ConfirmationDialog = "none" | "facts" | "form";

export interface ConfirmActionContext {
  dialog: ConfirmationDialog;
  /** The draft being confirmed, or last sent. */
  draft: unknown;
  /**
   * The last draft sent whose outcome is not known to be settled, with its request id. Sending the
   * same draft again reuses the id, so the server answers it once however often it arrives.
   */
  attempt: ActionAttempt | null;
  /** What the last successful send answered. */
  output: unknown;
  failure: ActionFailure | null;
}

export type ConfirmActionEvent =
  /** A draft written on the page, to be confirmed in the dialog. */
  | { type: "action.review"; draft: unknown }
  /** Open the dialog whose own fields make the draft. */
  | { type: "action.edit" }
  /** Send: the draft under review, or this one (from the dialog's fields, or with no question asked). */
  | { type: "action.confirm"; draft?: unknown }
  | { type: "action.cancel" }
  /** The same draft again, with the same request id, after a failure. */
  | { type: "action.retry" }
  /** Put a success away, back to idle (e.g. the page came back from the browser's cache). */
  | { type: "action.dismiss" };

const missingSend = missingActor("confirmActionMachine", "send");

/** The draft an `action.confirm` sends: the one it carries, else the one already under review. */
const confirmedDraft = (context: ConfirmActionContext, event: ConfirmActionEvent) =>
  event.type === "action.confirm" && event.draft !== undefined ? event.draft : context.draft;

const newRequestId = () => crypto.randomUUID();

/** A send's outcome, for the guards and actions that read it. */
const output = ({ event }: { event: { output: unknown } }) => event.output;
const failure = ({ event }: { event: { error: unknown } }) => describeFailure(event.error);
const thrown = ({ event }: { event: { error: unknown } }) => event.error;
const rememberFailure = { type: "rememberFailure", params: failure } as const;
const reportRefusal = { type: "reportRefusal", params: thrown } as const;

/**
 * The attempt being sent. Sending is only entered with one (made, or kept from before), so reaching
 * it without would be a mistake in this machine, not something a person can do: it stops the actor.
 */
function unsettledAttempt({ attempt }: ConfirmActionContext): ActionAttempt {
  if (!attempt) throw new Error("confirmActionMachine: sending without an attempt");
  return attempt;
}

/**
 * Every confirm-then-send flow of the console and the wallet: idle → confirming → sending → done or
 * failed. A failure keeps the dialog open; `action.retry` goes straight back to sending with the same
 * draft and request id (the person already confirmed it, and the id makes a second arrival harmless),
 * and `action.cancel` closes it while keeping that attempt, so confirming the same draft again later
 * still reuses its id. A new or changed draft gets a new id; success forgets the attempt, so the next
 * send of even the same draft is a new request. Two outcomes of a failed send are not "failed":
 * - the server refused fields of the draft (it moved nothing and remembers nothing): back to where
 *   the draft is written, the page's fields or the dialog's, for the person to correct;
 * - the server answers 409 (done meanwhile by someone else, or the request can no longer be taken):
 *   back to idle, the attempt forgotten, so the next try is a new request.
 * The send itself, and what the page does on success or refusal, come in through `provide`.
 */
export const confirmActionMachine = setup({
  types: {
    context: {} as ConfirmActionContext,
    events: {} as ConfirmActionEvent,
    /** The states in which the confirmation dialog stays on screen (for a flow that asks). */
    tags: {} as "dialogShown",
  },
  actors: {
    send: fromPromise<unknown, ActionAttempt>(missingSend),
  },
  guards: {
    /** The draft about to go out is the one of the unsettled attempt: its id must be reused. */
    confirmsUnsettledDraft: ({ context, event }) =>
      context.attempt !== null && sameDraft(context.attempt.draft, confirmedDraft(context, event)),
    refusedFields: (_, failure: ActionFailure) => failure.fields !== null,
    /** Fields refused of a draft written in the dialog: the person corrects them there. */
    refusedDialogFields: ({ context }, failure: ActionFailure) =>
      failure.fields !== null && context.dialog === "form",
    requestConflicts: (_, failure: ActionFailure) => failure.status === 409,
  },
  actions: {
    askAboutDraft: assign(({ event }) => {
      assertEvent(event, "action.review");
      return { dialog: "facts" as const, draft: event.draft, output: null };
    }),
    askForDraft: assign({ dialog: "form", draft: null, output: null }),
    sendWithoutAsking: assign(({ context, event }) => ({
      dialog: "none" as const,
      draft: confirmedDraft(context, event),
      output: null,
    })),
    takeDraft: assign({ draft: ({ context, event }) => confirmedDraft(context, event) }),
    /** The one place a request id is made: a draft not sent before, or changed since. */
    startAttempt: assign({ attempt: ({ context }) => ({ draft: context.draft, requestId: newRequestId() }) }),
    settleAttempt: assign({ attempt: null }),
    rememberOutput: assign((_, output: unknown) => ({ output: output ?? null })),
    rememberFailure: assign((_, failure: ActionFailure) => ({ failure })),
    forgetFailure: assign({ failure: null }),
    /** The dialog shows the refusal (confirming, failed), so the client does not toast it as well. */
    showRefusal: (_, error: unknown) => markShownOnScreen(error),
    /** The page's part of a success (reload, clear the form, leave for a checkout), given the output; provided. */
    reportDone: (_, _output: unknown) => {},
    /** The page's part of a refusal (the server's messages under its fields), given the error; provided. */
    reportRefusal: (_, _error: unknown) => {},
  },
}).createMachine({
  id: "confirmAction",
  context: { dialog: "none", draft: null, attempt: null, output: null, failure: null },
  initial: "idle",
  states: {
    idle: {
      on: {
        "action.review": { target: "confirming", actions: ["askAboutDraft", "forgetFailure"] },
        "action.edit": { target: "confirming", actions: ["askForDraft", "forgetFailure"] },
        "action.confirm": [
          {
            guard: "confirmsUnsettledDraft",
            target: "sending",
            actions: ["sendWithoutAsking", "forgetFailure"],
          },
          { target: "sending", actions: ["sendWithoutAsking", "startAttempt", "forgetFailure"] },
        ],
      },
    },
    confirming: {
      tags: "dialogShown",
      on: {
        "action.confirm": [
          { guard: "confirmsUnsettledDraft", target: "sending", actions: ["takeDraft", "forgetFailure"] },
          { target: "sending", actions: ["takeDraft", "startAttempt", "forgetFailure"] },
        ],
        "action.cancel": { target: "idle", actions: "forgetFailure" },
      },
    },
    sending: {
      tags: "dialogShown",
      invoke: {
        id: "send",
        src: "send",
        input: ({ context }) => unsettledAttempt(context),
        onDone: {
          target: "done",
          actions: [
            { type: "rememberOutput", params: output },
            "settleAttempt",
            { type: "reportDone", params: output },
          ],
        },
        onError: [
          {
            guard: { type: "requestConflicts", params: failure },
            target: "idle",
            actions: [rememberFailure, "settleAttempt", reportRefusal],
          },
          {
            guard: { type: "refusedDialogFields", params: failure },
            target: "confirming",
            actions: [rememberFailure, { type: "showRefusal", params: thrown }, reportRefusal],
          },
          {
            guard: { type: "refusedFields", params: failure },
            target: "idle",
            actions: [rememberFailure, reportRefusal],
          },
          {
            target: "failed",
            actions: [rememberFailure, { type: "showRefusal", params: thrown }],
          },
        ],
      },
    },
    done: {
      on: {
        "action.review": { target: "confirming", actions: ["askAboutDraft", "forgetFailure"] },
        "action.edit": { target: "confirming", actions: ["askForDraft", "forgetFailure"] },
        "action.confirm": { target: "sending", actions: ["sendWithoutAsking", "startAttempt"] },
        "action.dismiss": "idle",
      },
    },
    failed: {
      tags: "dialogShown",
      on: {
        "action.retry": { target: "sending", actions: "forgetFailure" },
        // A new draft after a failure: from the dialog's own fields, or a page that asks nothing.
        "action.confirm": [
          { guard: "confirmsUnsettledDraft", target: "sending", actions: ["takeDraft", "forgetFailure"] },
          { target: "sending", actions: ["takeDraft", "startAttempt", "forgetFailure"] },
        ],
        "action.review": { target: "confirming", actions: ["askAboutDraft", "forgetFailure"] },
        "action.cancel": { target: "idle", actions: "forgetFailure" },
      },
    },
  },
});
