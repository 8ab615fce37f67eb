import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { markInlinedStyles } from "./inlinedStyles";
import { Root } from "./Root";
import "./styles/base.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// The landing, information and sign-in pages and the dashboard's shell arrive drawn (build/prerender.ts),
// marked with the path they were drawn for: React takes over that markup, as a transition, so the
// work yields to the browser every few milliseconds instead of holding the page in one long task.
// Any other page, or a prerendered one served for another address, is drawn here from nothing.
if (root.dataset.prerendered === window.location.pathname) {
  markInlinedStyles();
  startTransition(() => {
    hydrateRoot(root, <Root />);
  });
} else {
  root.replaceChildren();
  createRoot(root).render(<Root />);
}
