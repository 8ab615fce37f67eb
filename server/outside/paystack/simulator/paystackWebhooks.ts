import { createHmac } from "node:crypto";

export interface WebhookDelivery {
  rawBody: string;
  signature: string;
  /** HTTP status of this attempt; null when it could not be delivered at all. */
  status: number | null;
}

const retryDelaysMs = [2_000, 10_000, 60_000];

/**
 * Signs `charge.success` events (hex HMAC-SHA512 of the raw body, keyed with the secret key) and
 * POSTs them; anything but 200 is retried a few times, as Paystack does. While held, events wait in
 * a queue until released (a test's "the webhook comes late").
 */
export function createPaystackWebhooks(options: {
  url: string | null;
  secretKey: string;
  fetch: typeof fetch;
}) {
  const attempts: WebhookDelivery[] = [];
  const held: Array<{ rawBody: string; signature: string }> = [];
  const timers = new Set<NodeJS.Timeout>();
  let holding = false;

  async function attempt(rawBody: string, signature: string, retry: number): Promise<void> {
    if (!options.url) return;
    let status: number | null = null;
    try {
      const res = await options.fetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signature },
        body: rawBody,
      });
      status = res.status;
      await res.text();
    } catch {
      status = null;
    }
    attempts.push({ rawBody, signature, status });
    const delay = retryDelaysMs[retry];
    if (status !== 200 && delay !== undefined) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void attempt(rawBody, signature, retry + 1);
      }, delay);
      timer.unref();
      timers.add(timer);
    }
  }

  return {
    attempts,
    setHolding(value: boolean) {
      holding = value;
    },
    heldCopy: () => held.map((h) => ({ ...h })),
    /** Sends the event now (first attempt awaited), or queues it while held. */
    async send(event: unknown) {
      const rawBody = JSON.stringify(event);
      const signature = createHmac("sha512", options.secretKey).update(rawBody).digest("hex");
      if (holding) held.push({ rawBody, signature });
      else await attempt(rawBody, signature, 0);
    },
    async release() {
      const queue = held.splice(0, held.length);
      for (const h of queue) await attempt(h.rawBody, h.signature, 0);
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
