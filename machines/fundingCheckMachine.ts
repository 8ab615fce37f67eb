import { assign, fromPromise, setup } from "xstate";
import { referenceParam } from "../schemas/transactions";
import type { FundingCheck } from "../schemas/wallet";
import { type ActionFailure, describeFailure } from "./actionFailure";
import { missingActor } from "./missingActor";

interface FundingCheckContext {
  /** The funding's reference, as the gateway's redirect brought it back. */
  reference: string;
  /** The latest answer; none after a failed check, so no stale receipt is offered. */
  check: FundingCheck | null;
  failure: ActionFailure | null;
}

const missingCheck = missingActor("fundingCheckMachine", "checkFunding");
/** A check's answer or failure, for the guards and actions that read it. */
const answer = ({ event }: { event: { output: FundingCheck } }) => event.output;
const failure = ({ event }: { event: { error: unknown } }) => describeFailure(event.error);

/** Where a check's outcome leads: the first check and each poll read the answer alike, to different states. */
interface CheckOutcomes {
  settled: string;
  stopped: string;
  stillPending: string;
  missing: string;
  unreachable: string;
}

/** One check of the funding, for the machine's `invoke`. */
const checkFunding = (to: CheckOutcomes) => ({
  id: "checkFunding",
  src: "checkFunding" as const,
  input: ({ context }: { context: FundingCheckContext }) => ({ reference: context.reference }),
  onDone: [
    {
      guard: { type: "paymentSettled" as const, params: answer },
      target: to.settled,
      actions: { type: "rememberCheck" as const, params: answer },
    },
    {
      guard: { type: "gatewayGaveUp" as const, params: answer },
      target: to.stopped,
      actions: { type: "rememberCheck" as const, params: answer },
    },
    { target: to.stillPending, actions: { type: "rememberCheck" as const, params: answer } },
  ],
  onError: [
    {
      guard: { type: "paymentUnknown" as const, params: failure },
      target: to.missing,
      actions: { type: "rememberFailure" as const, params: failure },
    },
    { target: to.unreachable, actions: { type: "rememberFailure" as const, params: failure } },
  ],
});

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
    paymentSettled: (_, check: FundingCheck) => check.transaction.status !== "pending",
    /** Cancelled, or the card was declined: nothing to wait for, though paying later still counts. */
    gatewayGaveUp: (_, check: FundingCheck) =>
      check.gateway_status === "abandoned" || check.gateway_status === "failed",
    paymentUnknown: (_, failure: ActionFailure) => failure.status === 404,
  },
  actions: {
    rememberCheck: assign((_, check: FundingCheck) => ({ check, failure: null })),
    rememberFailure: assign((_, failure: ActionFailure) => ({ check: null, failure })),
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
      invoke: checkFunding({
        settled: "settled",
        stopped: "stopped",
        stillPending: "confirming",
        missing: "missing",
        unreachable: "unreachable",
      }),
    },
    confirming: {
      initial: "waiting",
      after: { confirmFor: "slow" },
      states: {
        waiting: {
          after: { pollInterval: "asking" },
        },
        asking: {
          invoke: checkFunding({
            settled: "#fundingCheck.settled",
            stopped: "#fundingCheck.stopped",
            stillPending: "waiting",
            missing: "#fundingCheck.missing",
            unreachable: "#fundingCheck.unreachable",
          }),
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
