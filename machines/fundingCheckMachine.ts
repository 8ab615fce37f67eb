import { assign, fromPromise, setup } from "xstate";
import { referenceParam } from "../schemas/transactions";
import type { FundingCheck } from "../schemas/wallet";
import { type ActionFailure, describeFailure } from "./actionFailure";

interface FundingCheckContext {
  /** The funding's reference, as the gateway's redirect brought it back. */
  reference: string;
  /** The latest answer; none after a failed check, so no stale receipt is offered. */
  check: FundingCheck | null;
  failure: ActionFailure | null;
}

const missingCheck = () => Promise.reject(new Error("checkFunding was not provided to fundingCheckMachine"));
const answer = (event: unknown) => (event as { output: FundingCheck }).output;

/**
 * A card funding, back from the gateway's checkout: the server asks the gateway (the redirect
 * itself proves nothing). A pending payment is asked about again every `pollInterval`, for at most
 * `confirmFor` after the first pending answer, then the page says the bank is still confirming.
 * It stops at once when the payment settles or the gateway says it was abandoned or declined, and at
 * the first failed check (the client already shows a notice for each, and one is enough).
 * "Check again" (`funding.recheck`) starts the checks, and their time limit, afresh.
 */
export const fundingCheckMachine = setup({
  types: {
    context: {} as FundingCheckContext,
    input: {} as { reference: string },
    events: {} as { type: "funding.recheck" },
  },
  actors: {
    checkFunding: fromPromise<FundingCheck, { reference: string }>(missingCheck),
  },
  delays: {
    pollInterval: 2_000,
    confirmFor: 60_000,
  },
  guards: {
    referenceMalformed: ({ context }) => !referenceParam.shape.reference.safeParse(context.reference).success,
    paymentSettled: ({ event }) => answer(event).transaction.status !== "pending",
    /** Cancelled, or the card was declined: nothing to wait for, though paying later still counts. */
    gatewayGaveUp: ({ event }) => {
      const status = answer(event).gateway_status;
      return status === "abandoned" || status === "failed";
    },
    paymentUnknown: ({ event }) => describeFailure((event as { error?: unknown }).error).status === 404,
  },
  actions: {
    rememberCheck: assign({ check: ({ event }) => answer(event), failure: null }),
    rememberFailure: assign({
      check: null,
      failure: ({ event }) => describeFailure((event as { error?: unknown }).error),
    }),
  },
}).createMachine({
  id: "fundingCheck",
  context: ({ input }) => ({ reference: input.reference, check: null, failure: null }),
  initial: "starting",
  states: {
    starting: {
      always: [{ guard: "referenceMalformed", target: "missing" }, { target: "checking" }],
    },
    checking: {
      invoke: {
        id: "checkFunding",
        src: "checkFunding",
        input: ({ context }) => ({ reference: context.reference }),
        onDone: [
          { guard: "paymentSettled", target: "settled", actions: "rememberCheck" },
          { guard: "gatewayGaveUp", target: "stopped", actions: "rememberCheck" },
          { target: "confirming", actions: "rememberCheck" },
        ],
        onError: [
          { guard: "paymentUnknown", target: "missing", actions: "rememberFailure" },
          { target: "unreachable", actions: "rememberFailure" },
        ],
      },
    },
    confirming: {
      initial: "waiting",
      after: { confirmFor: "slow" },
      states: {
        waiting: {
          after: { pollInterval: "asking" },
        },
        asking: {
          invoke: {
            id: "checkFunding",
            src: "checkFunding",
            input: ({ context }) => ({ reference: context.reference }),
            onDone: [
              { guard: "paymentSettled", target: "#fundingCheck.settled", actions: "rememberCheck" },
              { guard: "gatewayGaveUp", target: "#fundingCheck.stopped", actions: "rememberCheck" },
              { target: "waiting", actions: "rememberCheck" },
            ],
            onError: [
              { guard: "paymentUnknown", target: "#fundingCheck.missing", actions: "rememberFailure" },
              { target: "#fundingCheck.unreachable", actions: "rememberFailure" },
            ],
          },
        },
      },
    },
    settled: { type: "final" },
    stopped: { on: { "funding.recheck": "checking" } },
    slow: { on: { "funding.recheck": "checking" } },
    unreachable: { on: { "funding.recheck": "checking" } },
    missing: {},
  },
});
