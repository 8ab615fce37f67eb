import type { AppDeps } from "../deps";
import { clientAddress } from "../http/clientAddress";
import { implement } from "../http/route";
import { sessionOf } from "../http/sessionGate";
import { createApiKey, listApiKeys, revokeApiKey } from "../services/resellers/apiKeys";

/** A reseller's own API keys: list, create (shown once), revoke. */
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
  ];
}
