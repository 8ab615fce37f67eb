import { eq } from "drizzle-orm";
import { publicStatus } from "../../schemas/status";
import { emergencyMode } from "../db/schema";
import type { AppDeps } from "../deps";
import { defineRoute } from "../http/route";

export function statusRoutes(deps: AppDeps) {
  return [
    defineRoute({
      method: "get",
      path: "/status",
      tag: "Public",
      summary: "Whether emergency mode is on, and the admin's message; no sign-in needed",
      result: publicStatus,
      async handle() {
        const [row] = await deps.db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
        const emergency = { enabled: row?.enabled ?? false, message: row?.message ?? "" };
        return {
          msg: emergency.enabled ? "Emergency mode is ON" : "Emergency mode is OFF",
          data: { emergency },
        };
      },
    }),
  ];
}
