import { act, waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from "xstate";
import type { StatePath } from "xstate/graph";
import { isActorEvent } from "./controlledActors";

export interface Replay<E extends EventObject> {
  actor: AnyActorRef;
  settle(event: EventObject): void;
  /** How a person makes each event happen on the screen. */
  drive: { [K in E["type"]]?: (event: Extract<E, { type: K }>) => Promise<void> };
  /** What the screen must show in a state. */
  expectScreen(snapshot: AnyMachineSnapshot): Promise<void> | void;
}

export const describePath = (path: StatePath<AnyMachineSnapshot, EventObject>) =>
  `${JSON.stringify(path.state.value)} via ${path.steps.map((s) => s.event.type).join(" → ") || "start"}`;

/**
 * Walks one path from getShortestPaths through the rendered screen: user events through the UI,
 * actor outcomes through the controlled network; after every step the live machine must be in the
 * path's state with the path's context, and the screen must show that state.
 */
export async function replayPath<E extends EventObject>(
  path: StatePath<AnyMachineSnapshot, E>,
  replay: Replay<E>,
) {
  for (const step of path.steps) {
    const { event } = step;
    if (event.type === "xstate.init") {
      // The starting state: nothing to do but check it.
    } else if (isActorEvent(event.type)) {
      await act(async () => replay.settle(event));
    } else {
      const driver = (replay.drive as Record<string, ((e: EventObject) => Promise<void>) | undefined>)[
        event.type
      ];
      if (!driver) throw new Error(`no way to make "${event.type}" happen on the screen`);
      await driver(event);
    }
    expect(step.state.status, "the path leads through an errored machine").not.toBe("error");
    await waitFor(() => expect(replay.actor.getSnapshot().value).toEqual(step.state.value));
    expect(replay.actor.getSnapshot().status).toBe(step.state.status);
    expect(replay.actor.getSnapshot().context).toEqual(step.state.context);
    await replay.expectScreen(replay.actor.getSnapshot());
  }
}
