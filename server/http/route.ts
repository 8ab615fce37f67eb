import type { Context } from "hono";
import type { z } from "zod";
import type { Contract, Method, Parsed, RouteKey } from "../../schemas/routes/contract";
import { splitKey } from "../../schemas/routes/contract";
import { type RouteTable, routeTable } from "../../schemas/routes/routeTable";
import type { AppEnv } from "../deps";

export interface Reply<T> {
  msg: string;
  data: T;
  /** Fields beside the envelope's, for a caller that expects its own (VTpass's `response`). */
  extra?: Record<string, string>;
}

export interface RouteInput<C extends Contract> {
  body: Parsed<C, "body">;
  /** The body as sent, for routes with `rawBody`. */
  raw: string;
  query: Parsed<C, "query">;
  params: Parsed<C, "params">;
  c: Context<AppEnv>;
}

/**
 * One endpoint as the server mounts it: its contract from the shared route table (path, schemas in
 * and out) and its handler. The same declaration validates requests, shapes answers and writes the
 * OpenAPI document.
 */
export interface Route<K extends RouteKey = RouteKey> extends Contract {
  /** Its entry in the route table, `METHOD /path`. */
  key: K;
  method: Method;
  /** Hono pattern without the trailing slash, e.g. `/sys.admin/users/:id`. */
  path: string;
  /** Hand the handler the body as sent (a webhook checks its signature first); `body` then only documents it. */
  rawBody?: true;
  handle(input: {
    body: unknown;
    raw: string;
    query: unknown;
    params: unknown;
    c: Context<AppEnv>;
  }): Promise<Reply<unknown>>;
}

type Handler<C extends Contract> = (input: RouteInput<C>) => Promise<Reply<z.input<C["result"]>>>;

/** The server's half of a contract: the table's entry for `key`, answered by `handle`. */
export function implement<K extends keyof RouteTable & RouteKey>(
  key: K,
  handle: Handler<RouteTable[K]>,
  options: { rawBody?: true } = {},
): Route<K> {
  const contract: Contract = routeTable[key];
  return { ...contract, key, ...splitKey(key), ...options, handle: handle as Route["handle"] };
}

/**
 * Whether some route answers at this path (any method); `:param` matches one segment. Most paths have
 * no parameter and are found in a set; only the others are tried as patterns.
 */
export function pathMatcher(paths: readonly string[]): (path: string) => boolean {
  const fixed = new Set(paths.filter((p) => !p.includes(":")));
  const patterns = paths
    .filter((p) => p.includes(":"))
    .map((p) => new RegExp(`^${p.replace(/[.]/g, "\\.").replace(/:[A-Za-z_]+/g, "[^/]+")}$`));
  return (path) => fixed.has(path) || patterns.some((pattern) => pattern.test(path));
}
