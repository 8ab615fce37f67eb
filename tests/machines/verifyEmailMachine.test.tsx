import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyActorRef, EventFromLogic } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { verifyEmailMachine } from "../../machines/verifyEmailMachine";
import { onlyRunningActors } from "../support/graphEvents";
import { fakeSignedOut, renderApp } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";

const email = "chidi@example.com";
const events = [
  { type: "code.submit", code: "204816" },
  { type: "code.resend" },
  { type: "xstate.done.actor.verifyCode" },
  {
    type: "xstate.error.actor.verifyCode",
    error: new Error("That code is not right. You have 4 tries left."),
  },
  { type: "xstate.done.actor.resendCode" },
  {
    type: "xstate.error.actor.resendCode",
    error: new Error("Please wait 30 seconds before asking for another code."),
  },
] as const;

const paths = getShortestPaths(verifyEmailMachine, {
  filterEvents: onlyRunningActors,
  events: events as unknown as EventFromLogic<typeof verifyEmailMachine>[],
  input: { email },
});
const verifyDialog = () => screen.queryByRole("dialog", { name: "Verify your email" });

afterEach(cleanup);

/** The register page after a successful registration: the verify modal is open. */
async function registered() {
  const user = userEvent.setup();
  const app = renderApp({
    path: "/auth/register",
    signedOut: fakeSignedOut({ register: async () => ({ email, ticket: "t".repeat(43) }) }),
  });
  await act(async () =>
    app.control.session.settle({ type: "xstate.done.actor.restoreSession", output: null }),
  );
  await user.type(await screen.findByLabelText("First name"), "Chidi");
  await user.type(screen.getByLabelText("Last name"), "Eze");
  await user.type(screen.getByLabelText("Email address"), email);
  await user.type(screen.getByLabelText("Phone number"), "08051234567");
  await user.type(screen.getByLabelText("Password"), "chidi password");
  await user.click(screen.getByRole("button", { name: "Create account" }));
  await screen.findByRole("dialog", { name: "Verify your email" });
  await waitFor(() => expect(app.machines.get("verifyEmail")).toBeDefined());
  return { app, user, actor: app.machines.get("verifyEmail") as AnyActorRef };
}

describe("verifyEmailMachine", () => {
  it("reaches every state", () => {
    expect([...new Set(paths.map((p) => p.state.value))].sort()).toEqual([
      "entering",
      "resending",
      "verified",
      "verifying",
    ]);
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))(
    "replays %s on the screen",
    (_name, path) => {
      it("shows each state", async () => {
        const { app, user, actor } = await registered();
        await replayPath(path, {
          actor,
          settle: (event) => app.control.verify.settle(event),
          drive: {
            "code.submit": async (event) => {
              const input = within(verifyDialog() as HTMLElement).getByLabelText("Verification code");
              await user.clear(input);
              await user.type(input, event.code);
              await user.click(within(verifyDialog() as HTMLElement).getByRole("button", { name: "Verify" }));
            },
            "code.resend": async () =>
              user.click(within(verifyDialog() as HTMLElement).getByRole("button", { name: "Resend code" })),
          },
          async expectScreen(snapshot) {
            const state = snapshot.value;
            if (state === "verified") {
              const created = await screen.findByRole("dialog", { name: "Account created" });
              expect(created).toHaveTextContent("Your email is verified and your OjaPay wallet is ready.");
              // One way on, not two that do nearly the same thing.
              expect(within(created).queryAllByRole("link")).toEqual([]);
              expect(
                within(created)
                  .getAllByRole("button")
                  .map((b) => b.textContent),
              ).toContain("Sign in now");
              expect(verifyDialog()).not.toBeInTheDocument();
              return;
            }
            const dialog = verifyDialog() as HTMLElement;
            expect(dialog).toHaveTextContent(email);
            if (snapshot.context.error) expect(dialog).toHaveTextContent(snapshot.context.error);
            if (state === "verifying")
              expect(within(dialog).getByRole("button", { name: "Verifying…" })).toBeDisabled();
            if (state === "resending")
              expect(within(dialog).getByRole("button", { name: "Sending…" })).toBeDisabled();
            if (state === "entering")
              expect(within(dialog).getByRole("button", { name: "Verify" })).toBeEnabled();
          },
        });
        if (path.state.value === "verified") {
          expect(app.control.verify.calls).toContainEqual({
            id: "verifyCode",
            input: { email, code: "204816" },
          });
        }
      });
    },
  );
});
