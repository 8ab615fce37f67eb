import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * False while the build draws a prerendered page and while React takes over that HTML in the
 * browser; true in every other draw, including the one React makes right after taking over. A
 * prerendered page draws what the build drew until then (hydration keeps the server's attributes
 * as they are, so a difference would stay on screen), and what depends on the browser, such as the
 * saved session, from the next draw on.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
