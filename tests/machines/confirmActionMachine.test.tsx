import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AnyActorRef, createActor, type EventFromLogic, fromPromise } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { type ActionAttempt, confirmActionMachine } from "../../machines/confirmActionMachine";
import type { AdminApi } from "../../src/api/adminApi";
import { FundWalletForm } from "../../src/pages/admin/FundWalletForm";
import {
  fundDraft,
  fundee,
  fundOutcomes,
  fundRequestId,
  fundWalletEvents,
  fundWalletFilter,
} from "../support/confirmFixtures";
import { expectFundWalletScreen } from "../support/confirmScreens";
import { fakeAdmin, renderApp } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";
import { deferred } from "../support/transactionFixtures";

/** A fixed request id while paths are drawn and replayed, so both carry equal context. */
function fixRequestIds() {
  return vi.spyOn(crypto, "randomUUID").mockReturnValue(fundRequestId);
}

const paths = (() => {
  const spy = fixRequestIds();
  try {
    return getShortestPaths(confirmActionMachine, {
      filterEvents: fundWalletFilter,
      events: fundWalletEvents as unknown as EventFromLogic<typeof confirmActionMachine>[],
    });
  } finally {
    spy.mockRestore();
  }
})();

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** An actor whose send the test answers by hand, each call one deferred promise. */
function manualActor() {
  const calls: Array<{ input: ActionAttempt; answer: ReturnType<typeof deferred<unknown>> }> = [];
  const actor = createActor(
    confirmActionMachine.provide({
      actors: {
        send: fromPromise<unknown, ActionAttempt>(({ input }) => {
          const answer = deferred<unknown>();
          calls.push({ input, answer });
          return answer.promise;
        }),
      },
    }),
  ).start();
  const settle = async (outcome: { output: unknown } | { error: unknown }) => {
    const call = calls.at(-1);
    if ("output" in outcome) call?.answer.resolve(outcome.output);
    else call?.answer.reject(outcome.error);
    await vi.waitFor(() => expect(actor.getSnapshot().matches("sending")).toBe(false));
  };
  const ids = () => calls.map((call) => call.input.requestId);
  return { actor, calls, settle, ids };
}

describe("confirmActionMachine", () => {
  it("reaches every state", () => {
    const reached = new Set(paths.map((p) => p.state.value));
    expect([...reached].sort()).toEqual(["confirming", "done", "failed", "idle", "sending"]);
  });

  it("retries a failed draft with the same request id, even after the dialog was closed", async () => {
    const { actor, calls, settle, ids } = manualActor();
    actor.send({ type: "action.review", draft: fundDraft });
    actor.send({ type: "action.confirm" });
    await settle({ error: fundOutcomes.unknown });
    expect(actor.getSnapshot().value).toBe("failed");
    actor.send({ type: "action.retry" });
    await settle({ error: fundOutcomes.unknown });
    actor.send({ type: "action.cancel" });
    // The same draft, built afresh from the form, is the same request.
    actor.send({ type: "action.review", draft: { reason: fundDraft.reason, amount: fundDraft.amount } });
    actor.send({ type: "action.confirm" });
    expect(calls).toHaveLength(3);
    expect(ids()[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids()).size).toBe(1);
    expect(calls.map((call) => call.input.draft)).toEqual([fundDraft, fundDraft, fundDraft]);
  });

  it("gives a changed draft a new request id, and the same draft a new one after a success", async () => {
    const { actor, settle, ids } = manualActor();
    actor.send({ type: "action.review", draft: fundDraft });
    actor.send({ type: "action.confirm" });
    await settle({ error: fundOutcomes.unknown });
    actor.send({ type: "action.cancel" });
    actor.send({ type: "action.review", draft: { ...fundDraft, amount: 300_000 } });
    actor.send({ type: "action.confirm" });
    await settle({ output: fundOutcomes.funded });
    expect(actor.getSnapshot().value).toBe("done");
    expect(actor.getSnapshot().context.attempt).toBeNull();
    actor.send({ type: "action.review", draft: { ...fundDraft, amount: 300_000 } });
    actor.send({ type: "action.confirm" });
    const [first, changed, again] = ids();
    expect(changed).not.toBe(first);
    expect(again).not.toBe(changed);
  });

  it("starts a new request after a 409, and keeps the id after a refused field", async () => {
    const { actor, settle, ids } = manualActor();
    actor.send({ type: "action.confirm", draft: fundDraft });
    await settle({ error: fundOutcomes.refused });
    // Refused fields go back to where the draft is written: here the page, with no dialog.
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "action.confirm", draft: fundDraft });
    await settle({ error: fundOutcomes.conflict });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.failure?.status).toBe(409);
    actor.send({ type: "action.confirm", draft: fundDraft });
    const [first, second, third] = ids();
    expect(second).toBe(first);
    expect(third).not.toBe(second);
  });

  it("keeps a dialog that holds the draft's fields open when the server refuses one", async () => {
    const { actor, settle } = manualActor();
    actor.send({ type: "action.edit" });
    expect(actor.getSnapshot().value).toBe("confirming");
    actor.send({ type: "action.confirm", draft: { reason: "dup" } });
    await settle({ error: fundOutcomes.refused });
    expect(actor.getSnapshot().value).toBe("confirming");
    expect(actor.getSnapshot().context.dialog).toBe("form");
    expect(actor.getSnapshot().context.failure?.fields).toEqual(fundOutcomes.refused.fields);
  });

  it("sends nothing more while a request is out", async () => {
    const { actor, calls } = manualActor();
    actor.send({ type: "action.review", draft: fundDraft });
    actor.send({ type: "action.confirm" });
    actor.send({ type: "action.confirm" });
    actor.send({ type: "action.cancel" });
    actor.send({ type: "action.review", draft: { ...fundDraft, amount: 1 } });
    expect(actor.getSnapshot().value).toBe("sending");
    expect(calls).toHaveLength(1);
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))(
    "replays %s on Fund wallet",
    (_name, path) => {
      beforeEach(() => {
        fixRequestIds();
      });

      it("shows each state", async () => {
        const user = userEvent.setup();
        const answers: Array<ReturnType<typeof deferred<unknown>>> = [];
        const fundCustomer = vi.fn(() => {
          const answer = deferred<unknown>();
          answers.push(answer);
          return answer.promise;
        });
        const onFunded = vi.fn();
        const app = renderApp({
          path: "/replay",
          admin: fakeAdmin({ fundCustomer: fundCustomer as unknown as AdminApi["fundCustomer"] }),
          children: <FundWalletForm customer={fundee} onFunded={onFunded} />,
        });
        await screen.findByRole("button", { name: "Continue" });
        const actor = app.machines.get("confirmAction") as AnyActorRef;
        const dialog = () => within(screen.getByRole("dialog"));

        await replayPath(path, {
          actor,
          settle: (event) => {
            const answer = answers.shift();
            const { output, error } = event as { output?: unknown; error?: unknown };
            if (event.type.startsWith("xstate.done.")) answer?.resolve(output);
            else answer?.reject(error);
          },
          drive: {
            "action.review": async (event) => {
              const draft = event.draft as typeof fundDraft;
              const amount = screen.getByLabelText("Amount (₦)");
              const reason = screen.getByLabelText("Reason");
              await user.clear(amount);
              await user.type(amount, String(draft.amount / 100));
              await user.clear(reason);
              await user.type(reason, draft.reason);
              await user.click(screen.getByRole("button", { name: "Continue" }));
            },
            "action.confirm": async () => user.click(dialog().getByRole("button", { name: "Add ₦2,500.00" })),
            "action.cancel": async () => user.keyboard("{Escape}"),
            "action.retry": async () => user.click(dialog().getByRole("button", { name: "Try again" })),
          },
          expectScreen: expectFundWalletScreen,
        });

        // Every request carried the draft and the attempt's id; a success reached the page once.
        const sent = path.steps.filter((step) => step.state.value === "sending").length;
        expect(fundCustomer).toHaveBeenCalledTimes(sent);
        for (const call of fundCustomer.mock.calls as unknown as Array<[string, unknown]>)
          expect(call).toEqual([fundee.id, { ...fundDraft, request_id: fundRequestId }]);
        expect(onFunded).toHaveBeenCalledTimes(path.state.value === "done" ? 1 : 0);
        if (path.state.value === "done") {
          expect(onFunded).toHaveBeenCalledWith(fundOutcomes.funded);
          expect(screen.getByLabelText("Amount (₦)")).toHaveValue("");
        }
      });
    },
  );

  it("replays a retry on the screen with the same request id", async () => {
    const user = userEvent.setup();
    const fundCustomer = vi
      .fn()
      .mockRejectedValueOnce(fundOutcomes.unknown)
      .mockResolvedValueOnce(fundOutcomes.funded);
    renderApp({
      path: "/replay",
      admin: fakeAdmin({ fundCustomer }),
      children: <FundWalletForm customer={fundee} onFunded={() => {}} />,
    });
    await user.type(screen.getByLabelText("Amount (₦)"), "2500");
    await user.type(screen.getByLabelText("Reason"), fundDraft.reason);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Add ₦2,500.00" }));
    await user.click(await within(screen.getByRole("dialog")).findByRole("button", { name: "Try again" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const [first, second] = fundCustomer.mock.calls.map((call) => call[1].request_id);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });
});
