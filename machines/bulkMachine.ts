import { assign, fromPromise, setup } from "xstate";
import type {
  BulkBatch,
  BulkBatchDetail,
  BulkPreview,
  BulkPreviewBody,
  BulkStartBody,
} from "../schemas/bulk";
import { type ActionFailure, describeFailure, markShownOnScreen } from "./actionFailure";
import { missingActor } from "./missingActor";

/** What the page read from the list: the kind and the rows, ids only. */
export type BulkOrder = BulkPreviewBody;

export interface BulkContext {
  order: BulkOrder | null;
  preview: BulkPreview | null;
  /** Made once per "Buy all": a retry after a network error resends it, so a batch starts once. */
  requestId: string | null;
  batchId: string | null;
  batch: BulkBatchDetail | null;
  failure: ActionFailure | null;
  /** Whether the last progress read failed (the page says so and the reads go on). */
  lostTouch: boolean;
}

export type BulkEvent =
  | { type: "bulk.check"; order: BulkOrder }
  | { type: "bulk.edit" }
  | { type: "bulk.buy" }
  | { type: "bulk.back" }
  | { type: "bulk.confirm"; pin: string }
  | { type: "bulk.retry" }
  | { type: "bulk.again" };

const missing = (actor: string) => missingActor("bulkMachine", actor);
const failed = ({ event }: { event: { error: unknown } }) => {
  markShownOnScreen(event.error);
  return describeFailure(event.error);
};
const rememberFailure = { type: "rememberFailure", params: failed } as const;
const read = ({ event }: { event: { output: BulkBatchDetail } }) => event.output;
const readBatch = { type: "rememberBatch", params: read } as const;
const finished = { type: "batchFinished", params: read } as const;
const checkOrder = {
  type: "rememberOrder",
  params: ({ event }: { event: { order: BulkOrder } }) => event.order,
} as const;

/**
 * A bulk order: the list checked (the preview's verdict per row), then bought with the PIN, then
 * followed until every row is placed, reading the batch every `pollInterval`. Opened with a batch's
 * id (the page's address), it follows that batch. Refusals stay on the step that met them.
 */
export const bulkMachine = setup({
  types: {
    input: {} as { batchId?: string | null },
    context: {} as BulkContext,
    events: {} as BulkEvent,
  },
  actors: {
    previewBulk: fromPromise<BulkPreview, BulkOrder>(missing("previewBulk")),
    startBulk: fromPromise<BulkBatch, BulkStartBody>(missing("startBulk")),
    fetchBatch: fromPromise<BulkBatchDetail, string>(missing("fetchBatch")),
  },
  // A read that hangs (a connection that neither answers nor fails) is given up after readLimit and
  // asked again, so the page never stops following a batch it is showing.
  delays: { pollInterval: 2_000, readLimit: 15_000 },
  guards: {
    hasBatch: ({ context }) => context.batchId !== null,
    /** Nothing of the batch shown yet: another customer's, or none by that id. */
    neverRead: ({ context }) => context.batch === null,
    allGood: ({ context }) => context.preview !== null && context.preview.good === context.preview.count,
    batchFinished: (_, batch: BulkBatchDetail) => batch.status === "finished",
  },
  actions: {
    rememberFailure: assign((_, failure: ActionFailure) => ({ failure })),
    forgetFailure: assign({ failure: null }),
    rememberBatch: assign((_, batch: BulkBatchDetail) => ({ batch, lostTouch: false })),
    newRequestId: assign({ requestId: () => crypto.randomUUID() }),
    rememberOrder: assign((_, order: BulkOrder) => ({ order })),
    rememberPreview: assign((_, preview: BulkPreview) => ({ preview })),
    forgetPreview: assign({ preview: null }),
    rememberBatchId: assign((_, batch: BulkBatch) => ({ batchId: batch.id })),
    noteLostTouch: assign({ lostTouch: true }),
    forgetBatch: assign({ preview: null, requestId: null, batchId: null, batch: null }),
  },
}).createMachine({
  id: "bulk",
  context: ({ input }) => ({
    order: null,
    preview: null,
    requestId: null,
    batchId: input.batchId ?? null,
    batch: null,
    failure: null,
    lostTouch: false,
  }),
  initial: "opening",
  states: {
    opening: { always: [{ guard: "hasBatch", target: "running" }, { target: "editing" }] },
    editing: {
      on: {
        "bulk.check": { target: "checking", actions: checkOrder },
      },
    },
    checking: {
      entry: ["forgetFailure", "forgetPreview"],
      invoke: {
        src: "previewBulk",
        input: ({ context }) => context.order as BulkOrder,
        onDone: {
          target: "previewed",
          actions: { type: "rememberPreview", params: ({ event }) => event.output },
        },
        onError: { target: "editing", actions: rememberFailure },
      },
    },
    previewed: {
      on: {
        "bulk.check": { target: "checking", actions: checkOrder },
        // The list changed: the check stays on screen to fix it by, but buying needs a new one.
        "bulk.edit": "editing",
        "bulk.buy": { guard: "allGood", target: "confirming", actions: ["forgetFailure", "newRequestId"] },
      },
    },
    confirming: {
      on: {
        "bulk.back": { target: "previewed", actions: "forgetFailure" },
        // The PIN goes straight into the start request and is kept nowhere.
        "bulk.confirm": "starting",
      },
    },
    starting: {
      entry: "forgetFailure",
      invoke: {
        src: "startBulk",
        input: ({ context, event }) => {
          const order = context.order as BulkOrder;
          const pin = event.type === "bulk.confirm" ? event.pin : "";
          return { ...order, pin, request_id: context.requestId ?? "" };
        },
        onDone: {
          target: "running",
          actions: { type: "rememberBatchId", params: ({ event }) => event.output },
        },
        onError: { target: "confirming", actions: rememberFailure },
      },
    },
    running: {
      initial: "reading",
      states: {
        reading: {
          after: { readLimit: { target: "waiting", actions: "noteLostTouch" } },
          invoke: {
            src: "fetchBatch",
            input: ({ context }) => context.batchId ?? "",
            onDone: [
              { guard: finished, target: "#bulk.finished", actions: readBatch },
              { target: "waiting", actions: readBatch },
            ],
            onError: [
              { guard: "neverRead", target: "#bulk.unreadable", actions: rememberFailure },
              { target: "waiting", actions: "noteLostTouch" },
            ],
          },
        },
        waiting: { after: { pollInterval: "reading" } },
      },
    },
    unreadable: { on: { "bulk.retry": "running" } },
    finished: {
      on: {
        "bulk.again": { target: "editing", actions: "forgetBatch" },
      },
    },
  },
});
