import type { z } from "zod/mini";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** `METHOD /path`: the path under /api without its trailing slash, `:name` for a parameter. */
export type RouteKey = `${Method} /${string}`;

/**
 * What one endpoint takes and gives, shared by the server that mounts it, the client that calls it and
 * the tests that exercise it: renaming a field in a schema breaks all three at once.
 */
export interface Contract {
  summary: string;
  tag: string;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  params?: z.ZodMiniType;
  result: z.ZodMiniType;
  /** 201 for routes that create something, 202 for work that goes on after the answer; 200 otherwise. */
  successStatus?: 200 | 201 | 202;
}

/** A group of contracts, checked for shape while keeping each key and schema's own type. */
export const contracts = <const T extends Record<RouteKey, Contract>>(table: T): T => table;

export function splitKey(key: RouteKey): { method: Method; path: string } {
  const space = key.indexOf(" ");
  return { method: key.slice(0, space) as Method, path: key.slice(space + 1) };
}

type SchemaAt<C, F extends string> = C extends { [P in F]: infer S extends z.ZodMiniType } ? S : undefined;

/** A body that may be left out when nothing in it is required (`{}` for an action without input). */
type BodyInput<S> = S extends z.ZodMiniType
  ? Record<string, never> extends z.input<S>
    ? { body?: z.input<S> }
    : { body: z.input<S> }
  : { body?: never };

/** What a caller sends: `params`, `query` and `body` as the contract names them, each only if it has one. */
export type CallInput<C extends Contract> = (SchemaAt<C, "params"> extends z.ZodMiniType
  ? { params: z.input<SchemaAt<C, "params">> }
  : { params?: never }) &
  (SchemaAt<C, "query"> extends z.ZodMiniType
    ? { query?: z.input<SchemaAt<C, "query">> }
    : { query?: never }) &
  BodyInput<SchemaAt<C, "body">>;

/** The call's input, optional when the contract needs nothing. */
export type CallArgs<C extends Contract, Options> =
  Record<string, never> extends CallInput<C>
    ? [input?: CallInput<C>, options?: Options]
    : [input: CallInput<C>, options?: Options];

/** What a caller gets back, after the result schema has checked it. */
export type CallResult<C extends Contract> = z.output<C["result"]>;

/** The handler's view: what the server's parsing made of the request. */
export type Parsed<C extends Contract, F extends "params" | "query" | "body"> =
  SchemaAt<C, F> extends z.ZodMiniType ? z.output<SchemaAt<C, F>> : Record<string, never>;

type Values = Record<string, unknown>;

/**
 * The address to request, relative to /api: parameters filled in (encoded), the trailing slash the
 * API's paths carry, and the query's set values.
 */
export function requestPath(path: string, params: Values = {}, query: Values = {}): string {
  const filled = path.replace(/:([A-Za-z_]+)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${path} needs its ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return `${filled.replace(/^\//, "")}/${text ? `?${text}` : ""}`;
}

/** The body a caller sends to this contract's endpoint. */
export type BodyOf<C extends Contract> =
  SchemaAt<C, "body"> extends z.ZodMiniType ? z.input<SchemaAt<C, "body">> : never;

/** The query a caller may send to this contract's endpoint. */
export type QueryOf<C extends Contract> =
  SchemaAt<C, "query"> extends z.ZodMiniType ? z.input<SchemaAt<C, "query">> : never;
