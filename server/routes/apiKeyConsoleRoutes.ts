import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { listAllApiKeys, revokeApiKey, setKeyLimits } from "../services/resellers/apiKeys";
import { listApiUsers } from "../services/resellers/apiUsers";

/** From the console: any key (list, revoke, limits) and the accounts holding keys with this month's buying. */
export function apiKeyConsoleRoutes(deps: AppDeps) {
  return [
    implement("GET /sys.admin/api-keys", async ({ query }) => ({
      msg: "API keys retrieved.",
      data: await listAllApiKeys(deps.db, query),
    })),
    implement("DELETE /sys.admin/api-keys/:id", async ({ params, c }) => ({
      msg: "Key revoked.",
      data: await revokeApiKey(
        deps,
        sessionOf(c).user,
        params.id,
        null,
        clientAddress(c, deps.config.trustProxy),
      ),
    })),
    implement("PATCH /sys.admin/api-keys/:id", async ({ params, body, c }) => ({
      msg: "Key limits saved.",
      data: await setKeyLimits(
        deps,
        sessionOf(c).user,
        params.id,
        body,
        clientAddress(c, deps.config.trustProxy),
      ),
    })),
    implement("GET /sys.admin/api-users", async ({ query }) => ({
      msg: "API users retrieved.",
      data: await listApiUsers(deps, query),
    })),
  ];
}
