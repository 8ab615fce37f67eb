import type { Quote } from "../../../schemas/pricing";
import type { PurchaseKind } from "../../../schemas/transactions";
import type { Offer } from "../routing/routeCandidates";

/**
 * A priced purchase, ready to route and hold money for: what the customer pays, and every
 * provider's offer of it (what to send each, what each charges us).
 */
export interface Order {
  kind: PurchaseKind;
  recipient: string;
  quote: Quote;
  description: string;
  product: string;
  customerName: string | null;
  offers: Offer[];
  /** Which route applies: the network (airtime, data) and the data plan's type. */
  routeScope: { networkId: number | null; planType: string | null };
}
