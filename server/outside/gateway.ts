/**
 * A payment as the gateway reports it (by webhook, by verify, in its list), in our terms. `id` is
 * the gateway's own id for it: the thing a wallet is credited for at most once.
 */
export interface GatewayPayment {
  id: string;
  /** Ours for a card checkout; the gateway's own for a transfer into a dedicated account. */
  reference: string;
  status: "successful" | "pending" | "abandoned" | "failed" | "reversed";
  /** Kobo. */
  amount: number;
  currency: string;
  channel: string;
  paidAt: Date | null;
  /** A transfer into a dedicated account: the account it came into, whose it is, who sent it. */
  receiverAccount?: string | undefined;
  customerCode?: string | undefined;
  sender?: string | undefined;
}

/** A customer's own account number at the gateway; transfers into it fund their wallet. */
export interface DedicatedAccount {
  customerCode: string;
  accountNumber: string;
  accountName: string;
  bankName: string;
}

export type WebhookEvent =
  | { kind: "payment"; event: string; payment: GatewayPayment }
  /** A well-formed event we do not act on (a transfer, a subscription…): acknowledged, nothing else. */
  | { kind: "ignored"; event: string };

/** The gateway refused a call (bad keys, a bad request): not a question of the network. */
export class GatewayRefused extends Error {}

/**
 * Where customers pay to fund their wallets (Paystack). The app opens a checkout for a reference;
 * the gateway tells us by a signed webhook, and answers verify and list calls we use to never miss
 * a payment. Every network call is held to the time limit config gives the adapter; a caller may
 * abort sooner with a signal of its own.
 */
export interface PaymentGateway {
  readonly name: string;
  checkout(
    payment: { reference: string; amount: number; email: string; callbackUrl: string },
    signal?: AbortSignal,
  ): Promise<{ checkoutUrl: string }>;
  /** What the gateway knows of a reference; null when it knows none. */
  verify(reference: string, signal?: AbortSignal): Promise<GatewayPayment | null>;
  /** Every successful payment created in [from, to), all pages. */
  listSuccessful(from: Date, to: Date, signal?: AbortSignal): Promise<GatewayPayment[]>;
  openDedicatedAccount(
    customer: { email: string; firstName: string; lastName: string; phone: string },
    signal?: AbortSignal,
  ): Promise<DedicatedAccount>;
  /** Checked against the raw body, before anything parses it. */
  verifySignature(rawBody: string, headers: Headers): boolean;
  /** The event in a signed body, or null when it is not an event this gateway sends. */
  parseWebhook(rawBody: string): WebhookEvent | null;
}
