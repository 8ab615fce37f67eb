import type { Context } from "hono";
import type { AppEnv } from "../deps";
import type { Actor } from "../services/people/actor";
import { clientAddress } from "./clientAddress";
import { sessionOf } from "./sessionGate";

/** Who is acting and from where: what every audited write records. */
export function actorOf(c: Context<AppEnv>, trustProxy: number): Actor {
  return { user: sessionOf(c).user, ip: clientAddress(c, trustProxy) };
}
