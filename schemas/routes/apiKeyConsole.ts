import {
  apiKey,
  apiKeyLimitsBody,
  apiKeyListQuery,
  apiUser,
  apiUserListQuery,
  ownedApiKey,
} from "../apiKeyViews";
import { idParam, page } from "../common";
import { contracts } from "./contract";

/**
 * The console's API keys and the accounts holding them. Apart from apiKeys.ts, whose create body the
 * console never sends: the API users page loads this table, and that body's URL and address checks
 * would come with it into the chunk every signed-in page loads (see schemas/apiKeyViews.ts).
 */
export const apiKeyConsoleContracts = contracts({
  "GET /sys.admin/api-keys": {
    tag: "Admin",
    summary: "Every customer's API keys, newest first, with whose each is; `live` filters",
    query: apiKeyListQuery,
    result: page(ownedApiKey),
  },
  "DELETE /sys.admin/api-keys/:id": {
    tag: "Admin",
    summary: "Revoke any key at once (audited as api_key.revoke, the admin as actor)",
    params: idParam,
    result: apiKey,
  },
  "PATCH /sys.admin/api-keys/:id": {
    tag: "Admin",
    summary:
      "Change a live key's rate limit, burst or daily cap (null: none), shared at once by every instance; audited as api_key.update",
    params: idParam,
    body: apiKeyLimitsBody,
    result: apiKey,
  },
  "GET /sys.admin/api-users": {
    tag: "Admin",
    summary:
      "Accounts that hold or held API keys, with their keys counted and this Lagos month's purchases made with them, highest volume first; `search` on name or email",
    query: apiUserListQuery,
    result: page(apiUser),
  },
});
