import { useSyncExternalStore } from "react";

const neverChanges = () => () => {};

/**
 * The address the page was opened at (`https://ojapay.ng`), for the examples; "" while the build
 * prerenders the page and while React takes the HTML over, so the first draw matches the HTML, and
 * the real origin from the draw after.
 */
export function usePageOrigin(): string {
  return useSyncExternalStore(
    neverChanges,
    () => window.location.origin,
    () => "",
  );
}
