/**
 * The build's server-side entry (build/prerender.ts bundles it for Node after the client build): it
 * draws each prerendered page to HTML. react-dom/static's prerender waits for every lazy page, so the
 * HTML holds the page itself, inside the same Suspense boundary the browser then hydrates.
 */
import { prerender } from "react-dom/static";
import { loginTitle } from "./pages/auth/LoginPage";
import { dashboardTitle } from "./pages/customer/DashboardPage";
import { developersLead, developersTitle } from "./pages/public/developers/developersHead";
import { infoContent } from "./pages/public/infoContent";
import { type InfoPath, infoPaths } from "./pages/public/infoPaths";
import { Root } from "./Root";

export { prerenderedPaths, routeModules } from "./routeModules";

export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(<Root ssrPath={path} />);
  return new Response(prelude).text();
}

/** The page's title and description, as PublicLayout sets the title in the browser. */
export function pageHead(path: string): { title?: string; description?: string } {
  if (path === "/auth/login") return { title: `${loginTitle} · OjaPay` };
  if (path === "/app/dashboard") return { title: `${dashboardTitle} · OjaPay` };
  if (path === "/developers") return { title: `${developersTitle} · OjaPay`, description: developersLead };
  if (!(infoPaths as readonly string[]).includes(path)) return {};
  const page = infoContent[path as InfoPath];
  return { title: `${page.title} · OjaPay`, description: page.lead };
}
