import type { Hono } from "hono";
import type { Database } from "../db/database";
import type { AppEnv } from "../deps";
import { Refusal } from "../refusal";
import { readinessCheck } from "../services/readiness";
import { jsonAnswer } from "./jsonAnswer";
import { answerRefusal } from "./refusalAnswer";

/** Outside /api: a load balancer's probes, answered before the request log, limits and session gate. */
export const healthPaths = { live: "/healthz", ready: "/readyz" } as const;

/**
 * `GET /healthz`: the process answers, and nothing else is touched, so a slow database never gets
 * a live process restarted. `GET /readyz`: 503 while it should be sent no requests (stopping, no
 * database, a migration missing), with the reason in `data.reason`.
 */
export function mountHealthChecks(app: Hono<AppEnv>, db: Database, stopping: () => boolean) {
  const notReady = readinessCheck(db, stopping);
  app.get(healthPaths.live, (c) => jsonAnswer(c, { status: "ok" }));
  app.get(healthPaths.ready, async (c) => {
    const problem = await notReady();
    if (problem) {
      return answerRefusal(
        c,
        new Refusal("service_unavailable", problem.msg, { data: { reason: problem.reason } }),
      );
    }
    return jsonAnswer(c, { status: true, msg: "Ready.", data: null });
  });
}
