/** A route as staff saved it (provider_routes): a service's scope and its providers in order. */
export interface SavedRoute {
  scope: string;
  providers: string[];
}

/** The scope keys of a route, most specific first: network and plan type, network, whole service. */
export function routeScopes(networkId: number | null, planType: string | null): string[] {
  if (networkId === null) return [""];
  return [...(planType ? [`${networkId}:${planType}`] : []), String(networkId), ""];
}

/** The providers in the order the most specific saved route gives, else PROVIDERS' order. */
export function routeOrder(
  saved: readonly SavedRoute[],
  scopes: readonly string[],
  defaultOrder: readonly string[],
): string[] {
  for (const scope of scopes) {
    const route = saved.find((r) => r.scope === scope);
    if (route) return [...route.providers];
  }
  return [...defaultOrder];
}
