import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../deps";

type Method = "get" | "post" | "put" | "patch" | "delete";
type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

export interface Reply<T> {
  msg: string;
  data: T;
  /** Fields beside the envelope's, for a caller that expects its own (VTpass's `response`). */
  extra?: Record<string, string>;
}

export interface RouteInput<B, Q, P> {
  body: Out<B>;
  /** The body as sent, for routes with `rawBody`. */
  raw: string;
  query: Out<Q>;
  params: Out<P>;
  c: Context<AppEnv>;
}

/**
 * One endpoint: its path under /api, the schemas of what comes in and what goes out, and the handler.
 * The same declaration validates requests, shapes answers and writes the OpenAPI document.
 */
export interface Route<B = Schema | undefined, Q = Schema | undefined, P = Schema | undefined, R = Schema> {
  method: Method;
  /** Hono pattern without the trailing slash, e.g. `/sys.admin/users/:id`. */
  path: string;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  params?: P;
  result: R;
  /** 201 for routes that create something; 200 otherwise. */
  successStatus?: 200 | 201;
  /** Hand the handler the body as sent (a webhook checks its signature first); `body` then only documents it. */
  rawBody?: true;
  handle(input: RouteInput<B, Q, P>): Promise<Reply<R extends z.ZodType ? z.input<R> : never>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a list of routes of every shape
export type AnyRoute = Route<any, any, any, any>;

export function defineRoute<
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
  R extends Schema = Schema,
>(route: Route<B, Q, P, R>): AnyRoute {
  return route as AnyRoute;
}

/** Whether some route answers at this path (any method); `:param` matches one segment. */
export function pathMatcher(paths: readonly string[]): (path: string) => boolean {
  const patterns = paths.map(
    (p) => new RegExp(`^${p.replace(/[.]/g, "\\.").replace(/:[A-Za-z_]+/g, "[^/]+")}$`),
  );
  return (path) => patterns.some((pattern) => pattern.test(path));
}
