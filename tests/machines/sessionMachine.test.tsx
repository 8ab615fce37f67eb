import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { getShortestPaths } from "xstate/graph";
import { type SessionEvent, sessionMachine } from "../../machines/sessionMachine";
import type { Profile } from "../../schemas/auth";
import { customerProfile } from "../support/fixtures";
import { onlyRunningActors } from "../support/graphEvents";
import { fakeAccounts, renderApp } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";

const credentials = { email: "ngozi@example.com", password: "a fine password", area: "customer" as const };
const session = { token: "t".repeat(43), profile: customerProfile };
const renamed: Profile = { ...customerProfile, first_name: "Amaka" };

// Every event the machine knows, with the outcomes its actors can have.
const events = [
  { type: "xstate.done.actor.restoreSession", output: null },
  { type: "xstate.done.actor.restoreSession", output: session },
  { type: "xstate.error.actor.restoreSession", error: new Error("storage unreadable") },
  { type: "session.signIn", ...credentials },
  { type: "xstate.done.actor.signIn", output: session },
  { type: "xstate.error.actor.signIn", error: { unverifiedEmail: credentials.email } },
  { type: "xstate.error.actor.signIn", error: { signInCodeFor: credentials.email } },
  { type: "signInCode.cancel" },
  { type: "xstate.error.actor.signIn", error: new Error("Incorrect email or password.") },
  { type: "verification.complete", ...credentials },
  { type: "verification.cancel" },
  { type: "session.signOut" },
  { type: "xstate.done.actor.signOut" },
  { type: "xstate.error.actor.signOut", error: new Error("offline") },
  { type: "session.expire" },
  { type: "profile.refresh" },
  { type: "xstate.done.actor.fetchProfile", output: customerProfile },
  { type: "xstate.error.actor.fetchProfile", error: new Error("offline") },
  { type: "profile.update", profile: renamed },
] as unknown as SessionEvent[];

const paths = getShortestPaths(sessionMachine, { filterEvents: onlyRunningActors, events });

afterEach(cleanup);

describe("sessionMachine", () => {
  it("reaches every state", () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    const all = [
      "restoring",
      "signedOut",
      "signingIn",
      "awaitingVerification",
      "awaitingSignInCode",
      "signingOut",
    ]
      .map((s) => JSON.stringify(s))
      .concat([JSON.stringify({ signedIn: "idle" }), JSON.stringify({ signedIn: "refreshing" })]);
    expect([...reached].sort()).toEqual(all.sort());
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))(
    "replays %s on the screen",
    (_name, path) => {
      it("shows each state", async () => {
        const user = userEvent.setup();
        const app = renderApp({
          path: "/app/dashboard",
          accounts: fakeAccounts({ updateProfile: async () => renamed }),
        });
        const navigate = (to: string) => act(() => app.location.navigate(to));
        const onProfilePage = () => app.location.history.at(-1) === "/app/profile";

        await replayPath(path, {
          actor: app.sessionActor,
          settle: (event) => app.settleAny(event),
          drive: {
            "session.signIn": async (event) => {
              // An account under attack: the code goes in its dialog, with the password already typed.
              const codeDialog = screen.queryByRole("dialog", { name: "Enter your sign-in code" });
              if (codeDialog) {
                await user.type(within(codeDialog).getByLabelText("Sign-in code"), "123456");
                await user.click(within(codeDialog).getByRole("button", { name: "Sign in" }));
                return;
              }
              await screen.findByRole("heading", { name: "Sign in" });
              const email = screen.getByLabelText("Email address");
              await user.clear(email);
              await user.type(email, event.email);
              const password = screen.getByLabelText("Password");
              await user.clear(password);
              await user.type(password, event.password);
              await user.click(screen.getByRole("button", { name: "Sign in" }));
            },
            "verification.complete": async () => {
              const dialog = await screen.findByRole("dialog", { name: "Verify your email" });
              await user.type(within(dialog).getByLabelText("Verification code"), "123456");
              await user.click(within(dialog).getByRole("button", { name: "Verify" }));
              await waitFor(() => expect(app.control.verify.isRunning("verifyCode")).toBe(true));
              await act(async () => app.control.verify.settle({ type: "xstate.done.actor.verifyCode" }));
            },
            "signInCode.cancel": async () => {
              const dialog = await screen.findByRole("dialog", { name: "Enter your sign-in code" });
              await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
            },
            "verification.cancel": async () => {
              await screen.findByRole("dialog", { name: "Verify your email" });
              await user.keyboard("{Escape}");
            },
            "session.signOut": async () => {
              await user.click(screen.getByRole("button", { name: "Log out" }));
              const dialog = await screen.findByRole("dialog", { name: "Log out" });
              expect(dialog).toHaveTextContent("You are about to log out. Do you want to proceed?");
              await user.click(within(dialog).getByRole("button", { name: "Log out" }));
            },
            // What the API client does on a 401 carrying the expiry message (tested in apiClient.test).
            "session.expire": async () => {
              act(() => app.sessionActor.send({ type: "session.expire" }));
              navigate("/auth");
            },
            "profile.refresh": async () => navigate("/app/profile"),
            "profile.update": async () => {
              if (!onProfilePage()) {
                // Opening the profile page asks for a fresh profile. From idle that starts a refresh the
                // page must see through first; a refresh already running just carries on meanwhile.
                const wasIdle = app.sessionActor.getSnapshot().matches({ signedIn: "idle" });
                navigate("/app/profile");
                if (wasIdle) {
                  await waitFor(() => expect(app.control.session.isRunning("fetchProfile")).toBe(true));
                  const current = app.sessionActor.getSnapshot().context.profile;
                  await act(async () =>
                    app.control.session.settle({ type: "xstate.done.actor.fetchProfile", output: current }),
                  );
                }
              }
              const first = await screen.findByLabelText("First name");
              await user.clear(first);
              await user.type(first, "Amaka");
              await user.click(screen.getByRole("button", { name: "Update Profile" }));
            },
          },
          async expectScreen(snapshot) {
            const state = snapshot.value;
            if (state === "restoring") {
              expect(screen.getByRole("status")).toHaveTextContent("Loading");
            } else if (state === "signedOut") {
              await screen.findByRole("heading", { name: "Sign in" });
              const note = screen.queryByText("Your session has expired. Kindly sign-in again.");
              if (snapshot.context.ended === "expired") expect(note).toBeInTheDocument();
              else expect(note).not.toBeInTheDocument();
            } else if (state === "signingIn") {
              for (const button of screen.getAllByRole("button", { name: "Signing in…", hidden: true }))
                expect(button).toBeDisabled();
            } else if (state === "awaitingSignInCode") {
              const dialog = await screen.findByRole("dialog", { name: "Enter your sign-in code" });
              expect(dialog).toHaveTextContent(credentials.email);
            } else if (state === "awaitingVerification") {
              const dialog = await screen.findByRole("dialog", { name: "Verify your email" });
              expect(dialog).toHaveTextContent(credentials.email);
            } else if (state === "signingOut") {
              await screen.findByRole("heading", { name: "Sign in" });
              expect(app.location.history.at(-1)).toBe("/auth/login");
            } else {
              const profile = snapshot.context.profile as Profile;
              await screen.findByText("Member since 2024");
              expect(screen.getByRole("link", { name: /^Your profile:/ })).toHaveTextContent(
                profile.first_name,
              );
              if (onProfilePage()) {
                await screen.findByRole("heading", {
                  level: 1,
                  name: `${profile.first_name} ${profile.last_name}`,
                });
              } else {
                expect(
                  await screen.findByRole("heading", { level: 1, name: "Dashboard" }),
                ).toBeInTheDocument();
              }
            }
          },
        });
      });
    },
  );
});
