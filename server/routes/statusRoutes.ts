import { eq } from "drizzle-orm";
import { emergencyMode } from "../db/schema";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";

export function statusRoutes(deps: AppDeps) {
  return [
    implement("GET /status", async () => {
      const [row] = await deps.db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
      const emergency = { enabled: row?.enabled ?? false, message: row?.message ?? "" };
      return {
        msg: emergency.enabled ? "Emergency mode is ON" : "Emergency mode is OFF",
        data: { emergency },
      };
    }),
  ];
}
