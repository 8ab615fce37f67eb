import { act, cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AnyActorRef, createActor, type EventFromLogic, fromPromise } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { fundingCheckMachine } from "../../machines/fundingCheckMachine";
import type { FundingCheck } from "../../schemas/wallet";
import type { CustomerApi } from "../../src/api/customerApi";
import {
  checkOutcomes,
  fundingCheckEvents,
  fundingReference,
  pollEvent,
  timeLimitEvent,
} from "../support/confirmFixtures";
import { expectPaymentScreen } from "../support/confirmScreens";
import { customerProfile } from "../support/fixtures";
import { onlyRunningActors } from "../support/graphEvents";
import { fakeCustomer } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";
import { renderSignedIn } from "../support/signedIn";
import { deferred } from "../support/transactionFixtures";

const paths = getShortestPaths(fundingCheckMachine, {
  filterEvents: onlyRunningActors,
  events: fundingCheckEvents as unknown as EventFromLogic<typeof fundingCheckMachine>[],
  input: { reference: fundingReference },
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The machine with its check answered from a list, and its delays as given. */
function checkingActor(answers: FundingCheck[], delays: { pollInterval: number; confirmFor: number }) {
  const checkFunding = vi.fn(async ({ input }: { input: { reference: string } }) => {
    expect(input.reference).toBe(fundingReference);
    return answers.shift() ?? checkOutcomes.pending;
  });
  const actor = createActor(
    fundingCheckMachine.provide({ actors: { checkFunding: fromPromise(checkFunding) }, delays }),
    { input: { reference: fundingReference } },
  ).start();
  return { actor, checkFunding };
}

describe("fundingCheckMachine", () => {
  it("reaches every state", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(
      [
        "checking",
        { confirming: "asking" },
        { confirming: "waiting" },
        "missing",
        "settled",
        "slow",
        "stopped",
        "unreachable",
      ]
        .map((value) => JSON.stringify(value))
        .sort(),
    );
  });

  it("asks again after its named pollInterval, and stops for good once the payment settles", async () => {
    vi.useFakeTimers();
    const { actor, checkFunding } = checkingActor(
      [checkOutcomes.pending, checkOutcomes.pending, checkOutcomes.successful],
      { pollInterval: 5_000, confirmFor: 60_000 },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ confirming: "waiting" });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(checkFunding).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(checkFunding).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(checkFunding).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().value).toBe("settled");
    expect(actor.getSnapshot().status).toBe("done");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(checkFunding).toHaveBeenCalledTimes(3);
  });

  it("gives up waiting after its named confirmFor, and Check again starts afresh", async () => {
    vi.useFakeTimers();
    const { actor, checkFunding } = checkingActor([], { pollInterval: 1_000, confirmFor: 3_500 });
    await vi.advanceTimersByTimeAsync(3_499);
    expect(actor.getSnapshot().matches("confirming")).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe("slow");
    const asked = checkFunding.mock.calls.length;
    expect(asked).toBe(4); // at 0, 1, 2 and 3 seconds
    await vi.advanceTimersByTimeAsync(10_000);
    expect(checkFunding).toHaveBeenCalledTimes(asked);
    actor.send({ type: "funding.recheck" });
    await vi.advanceTimersByTimeAsync(3_499);
    expect(actor.getSnapshot().matches("confirming")).toBe(true);
    expect(checkFunding).toHaveBeenCalledTimes(asked + 4);
  });

  it("does not ask about a reference that cannot be one", () => {
    const checkFunding = vi.fn();
    const actor = createActor(
      fundingCheckMachine.provide({ actors: { checkFunding: fromPromise(checkFunding) } }),
      { input: { reference: "<script>" } },
    ).start();
    expect(actor.getSnapshot().value).toBe("missing");
    expect(checkFunding).not.toHaveBeenCalled();
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))(
    "replays %s on Fund account",
    (_name, path) => {
      it("shows each state", async () => {
        // Fake timers that still move with the clock, so the page's own waits work; the test
        // moves them on to make the named delays fire.
        vi.useFakeTimers({ shouldAdvanceTime: true });
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        const answers: Array<ReturnType<typeof deferred<FundingCheck>>> = [];
        const verifyFunding = vi.fn((reference: string) => {
          expect(reference).toBe(fundingReference);
          const answer = deferred<FundingCheck>();
          answers.push(answer);
          return answer.promise;
        });
        const app = await renderSignedIn(
          `/app/fund-account?reference=${fundingReference}`,
          customerProfile,
          undefined,
          fakeCustomer({ verifyFunding: verifyFunding as CustomerApi["verifyFunding"] }),
        );
        await screen.findByRole("region", { name: "Your payment" });
        const actor = app.machines.get("fundingCheck") as AnyActorRef;
        const region = () => within(screen.getByRole("region", { name: "Your payment" }));
        const timePassing = {
          [pollEvent]: () => act(() => vi.advanceTimersByTimeAsync(2_000)),
          [timeLimitEvent]: () => act(() => vi.advanceTimersByTimeAsync(60_000)),
        };

        await replayPath(path, {
          actor,
          // The newest check is the one running: a poll the time limit overtook is never answered.
          settle: (event) => {
            const answer = answers.pop();
            const { output, error } = event as { output?: FundingCheck; error?: unknown };
            if (event.type.startsWith("xstate.done.")) answer?.resolve(output as FundingCheck);
            else answer?.reject(error);
          },
          drive: {
            // Time passing is not an event of the machine's own list, but the screen makes it happen.
            ...timePassing,
            "funding.recheck": async () => user.click(region().getByRole("button", { name: "Check again" })),
          },
          expectScreen: expectPaymentScreen,
        });
      });
    },
  );
});
