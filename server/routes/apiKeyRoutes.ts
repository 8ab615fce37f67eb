import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import {
  createApiKey,
  listAllApiKeys,
  listApiKeys,
  revokeApiKey,
  setKeyLimits,
} from "../services/resellers/apiKeys";
import { listApiUsers } from "../services/resellers/apiUsers";

/**
 * A reseller's own API keys (list, create shown once, revoke), and from the console any key (list,
 * revoke) and the accounts holding keys with what they bought with them this month.
 */
export function apiKeyRoutes(deps: AppDeps) {
  return [
    implement("GET /core/customer/api-keys", async ({ c }) => ({
      msg: "API keys retrieved.",
      data: await listApiKeys(deps.db, sessionOf(c).user.id),
    })),
    implement("POST /core/customer/api-keys", async ({ body, c }) => ({
      msg: "Key created. Copy the key and the signing secret now: they are not shown again.",
      data: await createApiKey(deps, sessionOf(c).user, body, clientAddress(c, deps.config.trustProxy)),
    })),
    implement("DELETE /core/customer/api-keys/:id", async ({ params, c }) => ({
      msg: "Key revoked.",
      data: await revokeApiKey(
        deps,
        sessionOf(c).user,
        params.id,
        sessionOf(c).user.id,
        clientAddress(c, deps.config.trustProxy),
      ),
    })),
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
