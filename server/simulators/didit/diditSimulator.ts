import { Hono } from "hono";
import { diditServices } from "../../identity/didit/diditVerifier";

export interface DiditSimulatorOptions {
  apiKey: string;
  latencyMs: number;
}

/** Someone the simulated registry holds under a name of their own, whoever asks. */
const chidinma = { first_name: "CHIDINMA", middle_name: "ADAEZE", last_name: "OKAFOR" };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A stand-in for Didit's database validation (docs/PROVIDERS.md), as far as OjaPay uses it. Test
 * numbers, by their last four digits: `0000` is not in the registry, `9999` is Chidinma Adaeze
 * Okafor's, `5555` finds the registry down (HTTP 503, not JSON), `3333` never answers; any other
 * 11-digit number is registered to whoever asks, in capitals, as a provider's sandbox does.
 */
export function createDiditSimulator(options: DiditSimulatorOptions) {
  const app = new Hono();
  app.post("/v3/database-validation", async (c) => {
    if (c.req.header("x-api-key") !== options.apiKey) {
      return c.json({ detail: "Authentication credentials were not provided or are invalid." }, 403);
    }
    const form = await c.req.parseBody();
    const text = (key: string) => (typeof form[key] === "string" ? (form[key] as string) : "");
    const kind = Object.values(diditServices).find((s) => s.service === text("services"));
    if (text("issuing_state") !== "NGA" || !kind) {
      return c.json({ detail: "issuing_state and services must name a Nigerian service." }, 400);
    }
    const number = text(kind.field);
    const tail = number.slice(-4);
    if (tail === "3333") {
      await new Promise<void>((resolve) => c.req.raw.signal.addEventListener("abort", () => resolve()));
      return c.body(null, 504);
    }
    if (options.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
    if (tail === "5555") return c.text("Service Unavailable", 503);

    const report = (outcome_code: string, source_data: Record<string, string> | null) =>
      c.json({
        request_id: `req_sim_${crypto.randomUUID()}`,
        status: outcome_code === "MATCH" ? "Approved" : "Declined",
        issuing_state: "NGA",
        match_type:
          outcome_code === "MATCH"
            ? "full_match"
            : outcome_code === "PARTIAL_MATCH"
              ? "partial_match"
              : "no_match",
        validations: [
          {
            outcome_code,
            service_id: kind.service,
            ...(source_data && { source_data }),
            vendor_data: text("vendor_data") || null,
          },
        ],
      });
    if (!/^\d{11}$/.test(number)) return report("INVALID_DOCUMENT_FORMAT", null);
    if (tail === "0000") return report("DOCUMENT_NOT_FOUND", null);
    const held =
      tail === "9999"
        ? chidinma
        : { first_name: text("first_name").toUpperCase(), last_name: text("last_name").toUpperCase() };
    const first = same(held.first_name, text("first_name"));
    const last = same(held.last_name, text("last_name"));
    return report(first && last ? "MATCH" : first || last ? "PARTIAL_MATCH" : "NO_MATCH", held);
  });
  return { app };
}

export type DiditSimulator = ReturnType<typeof createDiditSimulator>;
