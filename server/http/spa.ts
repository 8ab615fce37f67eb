import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Context, Hono } from "hono";
import type { AppEnv } from "../deps";
import { simulatedBarHtml } from "../simulators/simulatedBar";

/**
 * Serves the built SPA: hashed assets cached for a year, everything else that is not a file gets
 * index.html so the client router can draw the page (its not-found page included). `/` itself is
 * a file (index.html), so it is served from memory too, with the simulated bar when it applies.
 * Returns the fallback handler, or null when nothing has been built.
 */
export function mountSpa(app: Hono<AppEnv>, staticDir: string, options: { simulated: boolean }) {
  const root = resolve(staticDir);
  const indexPath = join(root, "index.html");
  if (!existsSync(indexPath)) return null;
  const built = readFileSync(indexPath, "utf8");
  // While the simulators are on, every page says so before any script runs.
  const indexHtml = options.simulated ? built.replace(/<body([^>]*)>/, `<body$1>${simulatedBarHtml}`) : built;
  const page = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-cache");
    return c.html(indexHtml);
  };
  app.get("/", page);
  app.get("/index.html", page);
  app.use("/assets/*", async (c, next) => {
    await next();
    if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("*", serveStatic({ root }));
  return page;
}
