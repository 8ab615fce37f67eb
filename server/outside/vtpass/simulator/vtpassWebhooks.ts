import type { SimulatorTimers } from "./vtpassTimers";

export interface WebhookAttempt {
  body: unknown;
  /** The receiver's HTTP status; null when the request itself failed. */
  status: number | null;
}

/** After a failed attempt VTpass tries again, three more times. */
const retryDelaysMs = [1_000, 5_000, 25_000];
const attemptTimeoutMs = 10_000;

/** VTpass counts a webhook delivered only on HTTP 200 with `{"response":"success"}`. */
function isAcknowledged(status: number, text: string): boolean {
  if (status !== 200) return false;
  try {
    const parsed: unknown = JSON.parse(text);
    return (
      typeof parsed === "object" && parsed !== null && "response" in parsed && parsed.response === "success"
    );
  } catch {
    return false;
  }
}

/**
 * Delivers transaction-update webhooks. A webhook never breaks an API answer: every failure is
 * recorded and retried, never thrown.
 */
export function createWebhookSender(options: {
  url: string | null;
  fetch: typeof fetch;
  timers: SimulatorTimers;
}) {
  const attempts: WebhookAttempt[] = [];

  async function attempt(body: unknown): Promise<boolean> {
    const url = options.url;
    if (!url) return true;
    let status: number | null = null;
    let acknowledged = false;
    try {
      const response = await options.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(attemptTimeoutMs),
      });
      status = response.status;
      acknowledged = isAcknowledged(response.status, await response.text());
    } catch {
      // unreachable, reset or timed out: recorded below with no status, and retried
    }
    attempts.push({ body, status });
    return acknowledged;
  }

  function retry(body: unknown, round: number) {
    const delay = retryDelaysMs[round];
    if (delay === undefined) return;
    options.timers.after(delay, () => {
      void attempt(body).then((done) => done || retry(body, round + 1));
    });
  }

  return {
    attempts,
    /** Resolves after the first attempt; retries go on in the background. */
    async send(data: unknown): Promise<void> {
      if (!options.url) return;
      const body = { type: "transaction-update", data };
      if (!(await attempt(body))) retry(body, 0);
    },
  };
}
