import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { AnyActorRef, EventFromLogic } from "xstate";
import { createActor, fromPromise } from "xstate";
import { getShortestPaths } from "xstate/graph";
import { type EmergencyReading, emergencyModeMachine } from "../../machines/emergencyModeMachine";
import { staffProfile } from "../support/fixtures";
import { onlyRunningActors } from "../support/graphEvents";
import { fakeAdmin } from "../support/renderApp";
import { describePath, replayPath } from "../support/replayPath";
import { renderSignedIn } from "../support/signedIn";

const adminProfile = { ...staffProfile, role: "admin" as const, first_name: "Bisi" };
const message = "Sales are paused while we fix a provider fault.";

const offReading: EmergencyReading = {
  text: "Emergency mode is OFF",
  status: { enabled: false, message: "", updated_at: null, updated_by: null },
};
const onReading: EmergencyReading = {
  text: "Emergency mode is ON",
  status: {
    enabled: true,
    message,
    updated_at: "2026-11-21T08:00:00.000Z",
    updated_by: { id: adminProfile.id, email: "bisi@example.com" },
  },
};

const events = [
  { type: "emergency.switchOn", message },
  { type: "emergency.switchOff" },
  { type: "emergency.confirm" },
  { type: "emergency.cancel" },
  { type: "emergency.retry" },
  { type: "xstate.done.actor.loadStatus", output: offReading },
  { type: "xstate.done.actor.loadStatus", output: onReading },
  { type: "xstate.error.actor.loadStatus", error: new Error("We could not reach OjaPay.") },
  { type: "xstate.done.actor.switchMode", output: onReading },
  { type: "xstate.done.actor.switchMode", output: offReading },
  { type: "xstate.error.actor.switchMode", error: new Error("Only admins can do that.") },
] as const;

const paths = getShortestPaths(emergencyModeMachine, {
  filterEvents: onlyRunningActors,
  events: events as unknown as EventFromLogic<typeof emergencyModeMachine>[],
});

afterEach(cleanup);

/** An admin's dashboard, whose figures never arrive, with the emergency panel's machine. */
async function dashboard() {
  const app = await renderSignedIn(
    "/admin/dashboard",
    adminProfile,
    undefined,
    undefined,
    fakeAdmin({ dashboard: () => new Promise(() => {}) }),
  );
  await screen.findByRole("region", { name: "Emergency mode" });
  await waitFor(() => expect(app.machines.get("emergencyMode")).toBeDefined());
  return { app, actor: app.machines.get("emergencyMode") as AnyActorRef };
}

const panel = () => within(screen.getByRole("region", { name: "Emergency mode" }));
const dialog = () => screen.queryByRole("dialog");

describe("emergencyModeMachine", () => {
  it("reaches every state", () => {
    const reached = new Set(paths.map((p) => p.state.value));
    expect([...reached].sort()).toEqual(["confirming", "failed", "loading", "off", "on", "switching"]);
  });

  it("will not switch on without a message customers can read", async () => {
    const actor = createActor(
      emergencyModeMachine.provide({ actors: { loadStatus: fromPromise(async () => offReading) } }),
    ).start();
    await waitFor(() => expect(actor.getSnapshot().value).toBe("off"));
    actor.send({ type: "emergency.switchOn", message: " hi  " });
    expect(actor.getSnapshot().value).toBe("off");
    actor.send({ type: "emergency.switchOn", message: ` ${message} ` });
    expect(actor.getSnapshot().value).toBe("confirming");
    expect(actor.getSnapshot().context.pending).toEqual({ enabled: true, message });
  });

  it("shows the schema's words for a message too short, on the screen", async () => {
    const user = userEvent.setup();
    const { app, actor } = await dashboard();
    await act(async () =>
      app.control.emergency.settle({ type: "xstate.done.actor.loadStatus", output: offReading }),
    );
    const field = await panel().findByRole("textbox", { name: "Message to customers" });
    await user.type(field, "off");
    await user.click(panel().getByRole("button", { name: "Turn emergency mode on" }));
    expect(
      await panel().findByText("Tell customers why sales are paused (at least 5 characters)."),
    ).toBeInTheDocument();
    expect(actor.getSnapshot().value).toBe("off");
    expect(dialog()).not.toBeInTheDocument();
  });

  describe.each(paths.map((path) => [describePath(path), path] as const))(
    "replays %s on the screen",
    (_name, path) => {
      it("shows each state", async () => {
        const user = userEvent.setup();
        const { app, actor } = await dashboard();
        await replayPath(path, {
          actor,
          settle: (event) => app.control.emergency.settle(event),
          drive: {
            "emergency.switchOn": async (event) => {
              const field = panel().getByRole("textbox", { name: "Message to customers" });
              await user.clear(field);
              await user.type(field, event.message);
              await user.click(panel().getByRole("button", { name: "Turn emergency mode on" }));
            },
            "emergency.switchOff": async () =>
              user.click(panel().getByRole("button", { name: "Turn emergency mode off" })),
            "emergency.confirm": async () => {
              const confirm = within(dialog() as HTMLElement).getByRole("button", {
                name: /^Turn it (on|off)$/,
              });
              await user.click(confirm);
            },
            "emergency.cancel": async () => user.keyboard("{Escape}"),
            "emergency.retry": async () => user.click(panel().getByRole("button", { name: "Check again" })),
          },
          expectScreen(snapshot) {
            const state = snapshot.value as string;
            const { reading, pending, error } = snapshot.context as {
              reading: EmergencyReading | null;
              pending: { enabled: boolean; message?: string } | null;
              error: string | null;
            };
            if (state === "loading") {
              expect(panel().getByRole("status")).toHaveTextContent("Checking emergency mode…");
              expect(dialog()).not.toBeInTheDocument();
              return;
            }
            if (state === "failed") {
              expect(panel().getByRole("alert")).toHaveTextContent(error ?? "?");
              expect(dialog()).not.toBeInTheDocument();
              return;
            }
            // Every other state shows the server's own status text.
            expect(panel().getByRole("status")).toHaveTextContent(reading?.text ?? "?");
            if (state === "off" || state === "on") expect(dialog()).not.toBeInTheDocument();
            if (state === "off")
              expect(panel().getByRole("button", { name: "Turn emergency mode on" })).toBeEnabled();
            if (state === "on") {
              expect(panel().getByText(reading?.status.message ?? "?")).toBeInTheDocument();
              expect(panel().getByRole("button", { name: "Turn emergency mode off" })).toBeEnabled();
            }
            if (state === "confirming" || state === "switching") {
              const open = screen.getByRole("dialog", {
                name: pending?.enabled ? "Turn emergency mode on?" : "Turn emergency mode off?",
              });
              if (pending?.enabled) expect(open).toHaveTextContent(pending.message ?? "?");
              const action = pending?.enabled ? "Turn it on" : "Turn it off";
              if (state === "confirming")
                expect(within(open).getByRole("button", { name: action })).toBeEnabled();
              else expect(within(open).getByRole("button", { name: "Switching…" })).toBeDisabled();
            }
          },
        });
        const sent = app.control.emergency.calls.filter((call) => call.id === "switchMode").at(-1);
        if (path.steps.some((step) => step.state.value === "switching"))
          expect(sent?.input).toEqual(
            path.steps.findLast((s) => s.state.value === "switching")?.state.context.pending,
          );
      });
    },
  );
});
