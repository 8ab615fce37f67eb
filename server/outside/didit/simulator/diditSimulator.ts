import { Hono } from "hono";
import { diditServices } from "../diditVerifier";

export interface DiditSimulatorOptions {
  apiKey: string;
  latencyMs: number;
}

interface HeldRecord {
  first_name: string;
  middle_name?: string;
  last_name: string;
  date_of_birth?: string;
  phone_number?: string;
}

/** Someone the simulated registry holds under details of her own, whoever asks. */
const chidinma: HeldRecord = {
  first_name: "CHIDINMA",
  middle_name: "ADAEZE",
  last_name: "OKAFOR",
  date_of_birth: "1994-03-17",
  phone_number: "+2348035550199",
};
/** The phone the `7777` numbers' records carry, whoever they belong to. */
export const simulatedRegistryPhone = "+2348000007777";

/**
 * The phone the registry holds for any other number registered to whoever asks: `0803` and the
 * number's last seven digits, so a test knows where the identity code goes without asking.
 */
export const registryPhoneOf = (number: string) => `+234803${number.slice(-7)}`;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A stand-in for Didit's database validation (docs/PROVIDERS.md), as far as OjaPay uses it. Test
 * numbers, by their last four digits: `0000` is not in the registry, `9999` is Chidinma Adaeze
 * Okafor's (born 1994-03-17, phone +2348035550199), `5555` finds the registry down (HTTP 503, not
 * JSON), `3333` never answers, `7777` is registered to whoever asks with the phone +2348000007777,
 * `6666` to whoever asks with no phone; any other 11-digit number is registered to whoever asks
 * (their names in capitals, their date of birth, the phone `registryPhoneOf` gives), as a provider's
 * sandbox does.
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

    const report = (
      outcome_code: string,
      held: HeldRecord | null,
      validation: Record<string, string> | null = null,
    ) =>
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
            ...(held && {
              source_data: {
                ...held,
                full_name: [held.first_name, held.middle_name, held.last_name].filter(Boolean).join(" "),
              },
            }),
            ...(validation && { validation }),
            vendor_data: text("vendor_data") || null,
          },
        ],
      });
    if (!/^\d{11}$/.test(number)) return report("INVALID_DOCUMENT_FORMAT", null);
    if (tail === "0000") return report("DOCUMENT_NOT_FOUND", null);
    const asker: HeldRecord = {
      first_name: text("first_name").toUpperCase(),
      last_name: text("last_name").toUpperCase(),
      ...(text("date_of_birth") && { date_of_birth: text("date_of_birth") }),
    };
    const held =
      tail === "9999"
        ? chidinma
        : tail === "6666"
          ? asker
          : { ...asker, phone_number: tail === "7777" ? simulatedRegistryPhone : registryPhoneOf(number) };

    // Didit's verdict on each field sent: the names as a whole, and the date of birth when one was sent.
    const first = same(held.first_name, text("first_name"));
    const last = same(held.last_name, text("last_name"));
    const nameVerdict = first && last ? "full_match" : first || last ? "partial_match" : "no_match";
    const validation: Record<string, string> = { full_name: nameVerdict };
    const verdicts = [nameVerdict];
    if (text("date_of_birth")) {
      validation.date_of_birth = held.date_of_birth === text("date_of_birth") ? "full_match" : "no_match";
      verdicts.push(validation.date_of_birth);
    }
    const outcome = verdicts.every((v) => v === "full_match")
      ? "MATCH"
      : verdicts.some((v) => v !== "no_match")
        ? "PARTIAL_MATCH"
        : "NO_MATCH";
    return report(outcome, held, validation);
  });
  return { app };
}

export type DiditSimulator = ReturnType<typeof createDiditSimulator>;
