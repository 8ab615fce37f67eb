import type { ProviderOrder } from "../../outside/provider";

/** One provider's offer of the product being bought: what to send it, and what it charges us. */
export interface Offer {
  provider: string;
  delivery: ProviderOrder;
  cost: number;
}

/** A provider's standing as routing reads it (provider_states), for the providers that have a row. */
export interface ProviderStanding {
  provider: string;
  switchedOff: boolean;
  circuitOpenUntil: Date | null;
  balance: number | null;
  minSuccessPercent: number;
  successPercent: number | null;
}

/** Why a provider that sells the product is not tried now (for the log and the console). */
export type SkipReason = "switched_off" | "circuit_open" | "balance_low" | "unhealthy" | "not_configured";

export interface Routed {
  /**
   * The offers to try, in order: those no rule skips, then as a last resort those skipped for their
   * circuit, balance or health (a sale is better tried there than refused). Those due a probe are marked.
   */
  candidates: (Offer & { probe: boolean })[];
  skipped: { provider: string; reason: SkipReason }[];
}

/** Reasons that never let a provider be tried: staff's switch, or not configured at all. */
const hardSkips = new Set<SkipReason>(["switched_off", "not_configured"]);

/**
 * The order a purchase tries providers in (docs/routing.md): the route's order (staff's for this
 * service, network and plan type, else PROVIDERS'), keeping only providers that sell the product and
 * are configured and not switched off, and putting last any with its circuit open, a last known
 * balance below the cost, or a success rate below staff's threshold: tried only after the others
 * refused safely, or when there is no other. A circuit whose time is up is tried again by one
 * purchase (`probe`), which the caller claims first.
 */
export function routeCandidates(
  order: readonly string[],
  offers: readonly Offer[],
  standings: readonly ProviderStanding[],
  configured: (provider: string) => boolean,
  now: Date,
): Routed {
  const byProvider = new Map(offers.map((offer) => [offer.provider, offer]));
  // Providers that sell it but the route does not name (added since the route was saved) come last.
  const names = [...order, ...offers.map((offer) => offer.provider).filter((p) => !order.includes(p))];
  const routed: Routed = { candidates: [], skipped: [] };
  const lastResort: (Offer & { probe: boolean })[] = [];
  for (const provider of names) {
    const offer = byProvider.get(provider);
    if (!offer) continue;
    const standing = standings.find((s) => s.provider === provider);
    const reason = skipReason(offer, standing, configured, now);
    if (reason) {
      routed.skipped.push({ provider, reason });
      if (!hardSkips.has(reason)) lastResort.push({ ...offer, probe: false });
      continue;
    }
    routed.candidates.push({ ...offer, probe: Boolean(standing?.circuitOpenUntil) });
  }
  routed.candidates.push(...lastResort);
  return routed;
}

function skipReason(
  offer: Offer,
  standing: ProviderStanding | undefined,
  configured: (provider: string) => boolean,
  now: Date,
): SkipReason | null {
  if (!configured(offer.provider)) return "not_configured";
  if (!standing) return null;
  if (standing.switchedOff) return "switched_off";
  if (standing.circuitOpenUntil && standing.circuitOpenUntil > now) return "circuit_open";
  if (standing.balance !== null && standing.balance < offer.cost) return "balance_low";
  if (
    standing.minSuccessPercent > 0 &&
    standing.successPercent !== null &&
    standing.successPercent < standing.minSuccessPercent
  )
    return "unhealthy";
  return null;
}
