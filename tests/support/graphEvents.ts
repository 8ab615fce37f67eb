import type { AnyMachineSnapshot, EventObject } from "xstate";

/**
 * For getShortestPaths' `filterEvents`: an actor's done or error event only while that actor runs.
 * Offered anywhere else, an error event would put the machine in its error status with an ordinary
 * looking state value, which no screen can produce.
 */
export function onlyRunningActors(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const actor = event.type.match(/^xstate\.(?:done|error)\.actor\.(.+)$/)?.[1];
  if (!actor) return snapshot.status === "active";
  return snapshot.status === "active" && actor in snapshot.children;
}
