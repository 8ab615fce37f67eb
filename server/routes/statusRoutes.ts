import { eq } from "drizzle-orm";
import { emergencyMode } from "../db/schema";
import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import type { RecentReads } from "../services/recentReads";

export function statusRoutes(deps: AppDeps, recent: RecentReads) {
  return [
    // Public and polled by every open page: read from the database at most once a second per instance.
    implement("GET /status", async () => {
      const emergency = await recent.status.read(async () => {
        const [row] = await deps.db.select().from(emergencyMode).where(eq(emergencyMode.id, 1));
        return { enabled: row?.enabled ?? false, message: row?.message ?? "" };
      });
      return {
        msg: emergency.enabled ? "Emergency mode is ON" : "Emergency mode is OFF",
        data: { emergency },
      };
    }),
  ];
}
