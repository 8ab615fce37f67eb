import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { deferred } from "./transactionFixtures";

/** An import (of a page module or a part's component) that the test settles by hand. */
export function deferredImport<Loaded>() {
  const { promise, resolve, reject } = deferred<Loaded>();
  return { load: () => promise, resolve, reject };
}

/** Hooks for tests of lazily loaded code that fails on purpose. */
export function quietCaughtLoadErrors() {
  beforeEach(() => {
    // React reports the error an error boundary caught; what the boundary draws instead is what is checked.
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
