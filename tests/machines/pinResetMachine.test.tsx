import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyActorRef, EventFromLogic } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { pinResetMachine } from "../../machines/pinResetMachine";
import { ApiFailure } from "../../src/api/client";
import { LoadingOverlay } from "../../src/components/LoadingOverlay";
import { customerWithPin } from "../support/fixtures";
import { onlyRunningActors } from "../support/graphEvents";
import { renderApp } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";
// The profile's forms and modals, which its page fetches after drawing (lazyPart), compiled before the
// first test, so its waits are spent on the page and not on the compiler.
import "../../src/pages/customer/profileParts";

const events = [
  { type: "pin.request" },
  { type: "pin.resend" },
  { type: "pin.cancel" },
  { type: "pin.confirm", code: "482913", new_pin: "7319" },
  { type: "xstate.done.actor.requestCode" },
  { type: "xstate.error.actor.requestCode", error: new Error("The network is unreachable.") },
  {
    type: "xstate.error.actor.requestCode",
    error: new ApiFailure(429, "Please wait 40 seconds before asking for another code."),
  },
  { type: "xstate.done.actor.resendCode" },
  {
    type: "xstate.error.actor.resendCode",
    error: new Error("Please wait 12 seconds before asking for another code."),
  },
  { type: "xstate.done.actor.confirmPin" },
  {
    type: "xstate.error.actor.confirmPin",
    error: new Error("That code is not right. You have 4 tries left."),
  },
] as const;

const paths = getShortestPaths(pinResetMachine, {
  filterEvents: onlyRunningActors,
  events: events as unknown as EventFromLogic<typeof pinResetMachine>[],
});
const pinDialog = () => screen.queryByRole("dialog", { name: "Transaction Pin Reset" });

afterEach(cleanup);

/** The profile page of a signed-in customer, with the PIN machine it started. */
async function profilePage() {
  const app = renderApp({ path: "/app/profile", children: <LoadingOverlay /> });
  await act(async () =>
    app.control.session.settle({
      type: "xstate.done.actor.restoreSession",
      output: { token: "t".repeat(43), profile: customerWithPin },
    }),
  );
  await act(async () =>
    app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: customerWithPin }),
  );
  await screen.findByRole("button", { name: "Reset Pin" });
  await waitFor(() => expect(app.machines.get("pinReset")).toBeDefined());
  return { app, pinActor: app.machines.get("pinReset") as AnyActorRef };
}

describe("pinResetMachine", () => {
  it("opens the modal for the code already sent when asked again within the minute", () => {
    const toCodeSent = paths.find(
      (p) =>
        p.state.value === "codeSent" &&
        p.steps.some((s) => (s.event as { type: string }).type === "xstate.error.actor.requestCode"),
    );
    expect(toCodeSent?.state.context.error).toBe("Please wait 40 seconds before asking for another code.");
  });

  it("reaches every state", () => {
    const reached = new Set(paths.map((p) => p.state.value));
    expect([...reached].sort()).toEqual([
      "codeSent",
      "confirming",
      "done",
      "idle",
      "requesting",
      "resending",
    ]);
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))(
    "replays %s on the screen",
    (_name, path) => {
      it("shows each state", async () => {
        const user = userEvent.setup();
        const { app, pinActor } = await profilePage();
        await replayPath(path, {
          actor: pinActor,
          settle: (event) => app.control.pin.settle(event),
          drive: {
            "pin.request": async () => user.click(screen.getByRole("button", { name: "Reset Pin" })),
            "pin.resend": async () =>
              user.click(within(pinDialog() as HTMLElement).getByRole("button", { name: "Resend" })),
            "pin.cancel": async () => user.keyboard("{Escape}"),
            "pin.confirm": async (event) => {
              const dialog = pinDialog() as HTMLElement;
              const code = within(dialog).getByLabelText("Code (OTP)");
              const pin = within(dialog).getByLabelText("New PIN");
              await user.clear(code);
              await user.type(code, event.code);
              await user.clear(pin);
              await user.type(pin, event.new_pin);
              await user.click(within(dialog).getByRole("button", { name: "Verify" }));
            },
          },
          async expectScreen(snapshot) {
            const state = snapshot.value as string;
            const overlay = screen.queryByTestId("loading-overlay");
            if (state === "idle" || state === "done" || state === "requesting") {
              expect(pinDialog()).not.toBeInTheDocument();
              if (state === "requesting") expect(overlay).toBeInTheDocument();
              return;
            }
            const dialog = pinDialog();
            expect(dialog).toBeInTheDocument();
            const scoped = within(dialog as HTMLElement);
            expect(scoped.getByLabelText("Code (OTP)")).toBeInTheDocument();
            expect(scoped.getByLabelText("New PIN")).toBeInTheDocument();
            if (snapshot.context.error) expect(dialog).toHaveTextContent(snapshot.context.error);
            // The new PIN is masked until the customer asks to see it.
            expect(scoped.getByLabelText("New PIN")).toHaveAttribute("type", "password");
            if (state === "codeSent") expect(scoped.getByRole("button", { name: "Verify" })).toBeEnabled();
            if (state === "resending")
              expect(scoped.getByRole("button", { name: "Sending…" })).toBeDisabled();
            if (state === "confirming")
              expect(scoped.getByRole("button", { name: "Verifying…" })).toBeDisabled();
          },
        });
        if (path.state.value === "done") {
          // The PIN changed: the session fetches the profile again, so has_pin is right everywhere.
          expect(app.sessionActor.getSnapshot().matches({ signedIn: "refreshing" })).toBe(true);
          expect(app.control.pin.calls.at(-1)).toEqual({
            id: "confirmPin",
            input: { code: "482913", new_pin: "7319" },
          });
        }
      });
    },
  );
});
