import type { Context, Hono } from "hono";
import type { AppEnv } from "../deps";
import { jsonAnswer } from "./jsonAnswer";
import { refuseOversizedJson } from "./jsonLimits";
import type { Route } from "./route";
import { parseInput, parseJsonText, parseQueryText } from "./validate";

async function readBody(route: Route, c: Context<AppEnv>): Promise<{ body: unknown; raw: string }> {
  if (!route.body) return { body: {}, raw: "" };
  const raw = await c.req.text();
  // A webhook's handler parses its raw body itself, after its signature; the bounds hold for it too.
  if (route.rawBody) {
    refuseOversizedJson(raw);
    return { body: undefined, raw };
  }
  return { body: parseInput(route.body, parseJsonText(raw)), raw };
}

/**
 * Registers each route: params, query and body parsed by their schemas before the handler runs, and
 * the answer parsed by the result schema after, so nothing leaves that the contract does not name.
 */
export function mountRoutes(api: Hono<AppEnv>, routes: readonly Route[]) {
  for (const route of routes) {
    api.on(route.method, route.path, async (c) => {
      const params = route.params ? parseInput(route.params, c.req.param(), 404) : {};
      const query = route.query
        ? parseInput(route.query, parseQueryText(new URL(c.req.url).searchParams))
        : {};
      const { body, raw } = await readBody(route, c);
      const reply = await route.handle({ body, raw, query, params, c });
      const data = route.result.parse(reply.data);
      return jsonAnswer(
        c,
        { ...reply.extra, status: true, msg: reply.msg, data },
        route.successStatus ?? 200,
      );
    });
  }
}
