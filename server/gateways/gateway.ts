/** A payment gateway event we act on: a payment for `reference` succeeded or failed. */
export interface GatewayEvent {
  id: string;
  reference: string;
  outcome: "successful" | "failed";
  amount: number;
}

/**
 * Where customers pay to fund their wallets (Paystack and its like). The app opens a checkout for a
 * reference; the gateway later tells us what happened by a signed webhook.
 */
export interface PaymentGateway {
  readonly name: string;
  checkout(payment: { reference: string; amount: number; email: string }): Promise<{ checkoutUrl: string }>;
  /** Checked against the raw body, before anything parses it. */
  verifySignature(rawBody: string, headers: Headers): boolean;
  /** The event in a signed body, or null when the body is not an event this gateway sends. */
  parseEvent(rawBody: string): GatewayEvent | null;
}
