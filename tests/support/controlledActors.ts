import { fromPromise } from "xstate";

interface Pending {
  id: string;
  input: unknown;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

/**
 * Stand-ins for a machine's promise actors whose outcome the test decides: every invocation waits
 * until `settle` is handed the machine's own `xstate.done.actor.<id>` or `xstate.error.actor.<id>`
 * event, so a path from xstate/graph can be replayed through a real screen.
 */
export function controlledActors(names: readonly string[]) {
  const pending: Pending[] = [];
  const calls: Array<{ id: string; input: unknown }> = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            calls.push({ id: self.id, input });
            pending.push({ id: self.id, input, resolve, reject });
          }),
      ),
    ]),
  );

  function take(id: string): Pending {
    const index = pending.findIndex((p) => p.id === id);
    if (index < 0)
      throw new Error(
        `no running actor "${id}" to settle (running: ${pending.map((p) => p.id).join(", ") || "none"})`,
      );
    return pending.splice(index, 1)[0] as Pending;
  }

  return {
    // biome-ignore lint/suspicious/noExplicitAny: handed to machine.provide, whose types differ per machine
    actors: actors as any,
    calls,
    isRunning: (id: string) => pending.some((p) => p.id === id),
    /** Resolves or rejects the running actor named in a done or error event. */
    settle(event: { type: string; output?: unknown; error?: unknown }) {
      const done = event.type.match(/^xstate\.done\.actor\.(.+)$/);
      if (done?.[1]) return take(done[1]).resolve(event.output);
      const failed = event.type.match(/^xstate\.error\.actor\.(.+)$/);
      if (failed?.[1]) return take(failed[1]).reject(event.error);
      throw new Error(`${event.type} is not an actor's done or error event`);
    },
  };
}

export const isActorEvent = (type: string) => /^xstate\.(done|error)\.actor\./.test(type);
