import { z } from "zod/mini";
import {
  apiKey,
  apiKeyCreateBody,
  apiKeyCreated,
  apiKeyListQuery,
  apiUser,
  apiUserListQuery,
  ownedApiKey,
} from "../apiKeys";
import { idParam, page } from "../common";
import { contracts } from "./contract";

export const apiKeyContracts = contracts({
  "GET /core/customer/api-keys": {
    tag: "API keys",
    summary: "The account's API keys, newest first, revoked ones included; never a key or secret",
    result: z.array(apiKey),
  },
  "POST /core/customer/api-keys": {
    tag: "API keys",
    summary:
      "A new key and its webhook signing secret, shown this once (Reseller and API levels, KYC tier 2 or above)",
    body: apiKeyCreateBody,
    result: apiKeyCreated,
    successStatus: 201,
  },
  "DELETE /core/customer/api-keys/:id": {
    tag: "API keys",
    summary: "Revoke a key at once: calls with it are refused from now on",
    params: idParam,
    result: apiKey,
  },
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
  "GET /sys.admin/api-users": {
    tag: "Admin",
    summary:
      "Accounts that hold or held API keys, with their keys counted and this Lagos month's purchases made with them, highest volume first; `search` on name or email",
    query: apiUserListQuery,
    result: page(apiUser),
  },
});
