/**
 * Serves a built static site (the React floor) as server/http/spa.ts serves the app's build: Hono's
 * compress() (gzip, as the app's responses get it), hashed assets cached for a year, the page itself
 * `no-cache`. So the floor's load differs from the app's by what it downloads, not by how.
 *
 *   STATIC_DIR=/tmp/floor PORT=8090 npx tsx bench/lighthouse/floorServer.ts
 */
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";

const root = resolve(process.env.STATIC_DIR ?? "/tmp/ojapay-floor");
const app = new Hono();
app.use(compress());
app.use("/assets/*", async (c, next) => {
  await next();
  if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
});
app.use("/", async (c, next) => {
  await next();
  c.header("Cache-Control", "no-cache");
});
app.use("*", serveStatic({ root }));

const server = serve({
  fetch: app.fetch,
  port: Number(process.env.PORT ?? 8090),
  hostname: process.env.HOST,
});
process.once("SIGTERM", () => server.close(() => process.exit(0)));
