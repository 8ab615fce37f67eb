import type { z } from "zod/mini";
import { apiRoutes } from "../../../server/app";
import { type Access, accessFor } from "../../../server/http/access";
import type { Route } from "../../../server/http/route";
import type { TestServer } from "./testServer";

export type Caller = "anonymous" | "customer" | "admin" | "keyHolder";

/**
 * Who of a test's callers may call a path: nobody needs to sign in for a public path, admins pass
 * every console rule, and a program's path takes an API key (`keyHolders.ts`).
 */
export function allowedCaller(access: Access): Caller {
  if (access === "public") return "anonymous";
  if (access === "apiKey") return "keyHolder";
  if (access === "signedIn" || access.includes("customer")) return "customer";
  return "admin";
}

/** Values of the form each kind of path parameter takes, so a request gets past the path to its input. */
const parameterCandidates = () => ["1", crypto.randomUUID(), "OJA0000TEST1", "vtpass", "agent"];

/** A value its schema accepts for each of the route's path parameters (the thing itself need not exist). */
export function validParams(route: Route): Record<string, string> {
  const shape = (route.params?._zod.def as { shape?: Record<string, z.ZodMiniType> } | undefined)?.shape;
  const names = [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] as string);
  return Object.fromEntries(
    names.map((name) => {
      const schema = shape?.[name];
      const value = parameterCandidates().find((candidate) => schema?.safeParse(candidate).success);
      if (!value) throw new Error(`no sample value fits ${route.path}'s ${name}`);
      return [name, value];
    }),
  );
}

/** The path under /api with its parameters filled: by `params` where given, else by values their schemas accept. */
export function pathWithValidParams(
  route: Route,
  params: Record<string, string> = validParams(route),
): string {
  const filled = route.path.replace(/:([A-Za-z_]+)/g, (_match, name: string) => params[name] ?? "");
  return `${filled.slice(1)}/`;
}

/** Every route the server mounts, with its filled path and the caller who may call it. */
export function routesWithCallers(server: TestServer) {
  return apiRoutes(server.deps).map((route) => ({
    route,
    label: `${route.method} ${route.path}`,
    path: pathWithValidParams(route),
    caller: allowedCaller(accessFor(route.path)),
  }));
}
