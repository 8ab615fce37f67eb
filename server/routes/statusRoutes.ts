import type { AppDeps } from "../deps";
import { implement } from "../http/route";
import { emergencyNotice } from "../services/console/emergencySwitch";
import type { RecentReads } from "../services/recentReads";

export function statusRoutes(deps: AppDeps, recent: RecentReads) {
  return [
    // Public and polled by every open page: read from the database at most once a second per instance.
    implement("GET /status", async () => {
      const emergency = await recent.status.read(() => emergencyNotice(deps.db));
      return {
        msg: emergency.enabled ? "Emergency mode is ON" : "Emergency mode is OFF",
        data: { emergency },
      };
    }),
  ];
}
