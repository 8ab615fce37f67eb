import { type BodyOf, type CallResult, splitKey } from "../../schemas/routes/contract";
import { type RouteName, type RouteTable, routeTable } from "../../schemas/routes/routeTable";
import type { HttpClient } from "./httpClient";

/** The path of an endpoint of the route table, under /api: the bench calls what the SPA calls. */
export const apiPath = (key: RouteName) => `/api${splitKey(key).path}/`;

/**
 * One POST of the route table, its body typed by the contract and its answer's data parsed by the
 * contract's result schema; any status but `expected` stops the bench with the answer.
 */
export async function callOk<K extends RouteName>(
  client: HttpClient,
  key: K,
  body: BodyOf<RouteTable[K]>,
  token?: string,
  expected = 200,
): Promise<CallResult<RouteTable[K]>> {
  const answer = await client.post(apiPath(key), body, token);
  if (answer.status !== expected)
    throw new Error(`${key} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const result: { parse(data: unknown): unknown } = routeTable[key].result;
  return result.parse((answer.body as { data?: unknown }).data) as CallResult<RouteTable[K]>;
}
