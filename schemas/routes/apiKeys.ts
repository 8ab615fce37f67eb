import { z } from "zod/mini";
import { apiKey, apiKeyCreateBody, apiKeyCreated } from "../apiKeys";
import { idParam } from "../common";
import { contracts } from "./contract";

/** A reseller's own keys; the console's are in apiKeyConsole.ts. */
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
});
