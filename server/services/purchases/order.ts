import type { Quote } from "../../../schemas/pricing";
import type { PurchaseKind } from "../../../schemas/transactions";
import type { ProviderOrder } from "../../outside/provider";

/** A priced purchase, ready to hold money for: what the customer pays, what it costs us, what to deliver. */
export interface Order {
  kind: PurchaseKind;
  recipient: string;
  quote: Quote;
  /** What the provider charges us. */
  cost: number;
  description: string;
  product: string;
  customerName: string | null;
  delivery: ProviderOrder;
}
