import { providerChangeBody, providerParam, providersOverview, routeBody } from "../providers";
import { contracts } from "./contract";

export const providerContracts = contracts({
  "GET /sys.admin/providers": {
    tag: "Admin",
    summary:
      "Each provider's switch, circuit, balance (read every few minutes) and health over the last 30 minutes; every route in order; open alerts",
    result: providersOverview,
  },
  "PATCH /sys.admin/providers/:name": {
    tag: "Admin",
    summary:
      "Switch a provider off or on, set its balance warning, its success-rate floor and its circuit, or close its circuit",
    params: providerParam,
    body: providerChangeBody,
    result: providersOverview,
  },
  "PUT /sys.admin/provider-routes": {
    tag: "Admin",
    summary:
      "Save the order providers are tried in for a service, a network or a network's plan type (none: PROVIDERS' order)",
    body: routeBody,
    result: providersOverview,
  },
});
