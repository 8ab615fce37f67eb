import { StrictMode } from "react";
import { Router } from "wouter";
import { App } from "./App";

/**
 * The whole app, as the browser draws it and as the build prerenders it: the same tree on both
 * sides, so hydration finds what the server wrote. `ssrPath` is the address being prerendered; in the
 * browser it is left out and the router reads the location.
 */
export function Root({ ssrPath }: { ssrPath?: string }) {
  return (
    <StrictMode>
      <Router ssrPath={ssrPath}>
        <App />
      </Router>
    </StrictMode>
  );
}
