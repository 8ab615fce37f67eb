import { createRoot, hydrateRoot } from "react-dom/client";
import { Root } from "./Root";
import "./styles/base.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
// The landing and information pages arrive drawn (build/prerender.ts), marked with the path they were
// drawn for: React takes over that markup. Any other page, or a prerendered one served for another
// address, is drawn here from nothing.
if (root.dataset.prerendered === window.location.pathname) {
  hydrateRoot(root, <Root />);
} else {
  root.replaceChildren();
  createRoot(root).render(<Root />);
}
