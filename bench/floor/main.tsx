import { createRoot } from "react-dom/client";

// The floor every React page pays: React and react-dom drawing one heading and one paragraph.
const root = document.getElementById("root");
if (!root) throw new Error("no #root");
createRoot(root).render(
  <main>
    <h1>React floor</h1>
    <p>The least a page built with React can download before it draws.</p>
  </main>,
);
