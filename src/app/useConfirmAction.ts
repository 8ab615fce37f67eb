import { useMachine } from "@xstate/react";
import { useRef, useState } from "react";
import { fromPromise, type SnapshotFrom, type StateValueFrom } from "xstate";
import type { ActionFailure } from "../../machines/actionFailure";
import {
  type ActionAttempt,
  type ConfirmActionEvent,
  confirmActionMachine,
} from "../../machines/confirmActionMachine";
import { useAppServices } from "./AppServices";

export interface ConfirmActionOptions<Draft, Output> {
  /** The request itself, given the confirmed draft and its request id. */
  send: (attempt: ActionAttempt<Draft>) => Promise<Output>;
  /** After a success: reload, clear the form, leave for a checkout. */
  onDone?: (output: Output, draft: Draft) => void;
  /** After the server refused fields of the draft, or answered 409: the error as thrown. */
  onRefused?: (error: unknown, draft: Draft) => void;
  /** A saved state to start from (a replay), instead of idle. */
  snapshot?: SnapshotFrom<typeof confirmActionMachine>;
}

export type ConfirmActionState = StateValueFrom<typeof confirmActionMachine>;

/** One confirm-then-send flow of a page: its state, and the events a person can cause. */
export interface ConfirmAction<Draft, Output> {
  state: ConfirmActionState;
  /** The draft under review or being sent. */
  draft: Draft | null;
  /** What the last success answered, while the flow is done. */
  output: Output | null;
  failure: ActionFailure | null;
  /** Whether the confirmation dialog shows: asked, sending or failed, for a flow that asks. */
  dialogOpen: boolean;
  sending: boolean;
  review(draft: Draft): void;
  edit(): void;
  confirm(draft?: Draft): void;
  cancel(): void;
  retry(): void;
  dismiss(): void;
}

/**
 * Binds confirmActionMachine to a page: the page's request becomes the machine's `send` actor, and
 * its success and refusal handlers the machine's report actions. The machine is made once per
 * mount; the handlers are read when they run, so they may close over the latest render.
 */
export function useConfirmAction<Draft, Output>(
  options: ConfirmActionOptions<Draft, Output>,
): ConfirmAction<Draft, Output> {
  const { inspect } = useAppServices();
  const latest = useRef(options);
  latest.current = options;
  const [logic] = useState(() =>
    confirmActionMachine.provide({
      actors: {
        send: fromPromise<unknown, ActionAttempt>(({ input }) =>
          latest.current.send(input as ActionAttempt<Draft>),
        ),
      },
      actions: {
        reportDone: ({ context, event }) =>
          latest.current.onDone?.((event as { output?: unknown }).output as Output, context.draft as Draft),
        reportRefusal: ({ context, event }) =>
          latest.current.onRefused?.((event as { error?: unknown }).error, context.draft as Draft),
      },
    }),
  );
  const [snapshot, send] = useMachine(logic, {
    ...(inspect && { inspect }),
    ...(options.snapshot && { snapshot: options.snapshot }),
  });
  const state = snapshot.value;
  const { context } = snapshot;
  const event = (e: ConfirmActionEvent) => send(e);
  return {
    state,
    draft: context.draft as Draft | null,
    output: snapshot.matches("done") ? (context.output as Output) : null,
    failure: context.failure,
    dialogOpen: context.dialog !== "none" && snapshot.hasTag("dialogShown"),
    sending: snapshot.matches("sending"),
    review: (draft) => event({ type: "action.review", draft }),
    edit: () => event({ type: "action.edit" }),
    confirm: (draft) =>
      event(draft === undefined ? { type: "action.confirm" } : { type: "action.confirm", draft }),
    cancel: () => event({ type: "action.cancel" }),
    retry: () => event({ type: "action.retry" }),
    dismiss: () => event({ type: "action.dismiss" }),
  };
}
