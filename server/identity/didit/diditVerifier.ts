import { z } from "zod";
import type { IdentityType } from "../../../schemas/kyc";
import {
  type IdentityAnswer,
  type IdentityRecord,
  IdentityUnavailable,
  type IdentityVerifier,
} from "../identityVerifier";

export interface DiditCredentials {
  /** `https://verification.didit.me/`, or the simulator's address; ends in a slash. */
  baseUrl: string;
  apiKey: string;
}

/** Didit's service ids and form fields for Nigeria's two numbers (docs/PROVIDERS.md, Didit). */
export const diditServices: Record<IdentityType, { service: string; field: string }> = {
  bvn: { service: "nga_bank_verification_number", field: "bvn" },
  nin: { service: "nga_national_id", field: "national_id" },
};

const name = z.string().trim().optional().catch(undefined);
const answerBody = z.looseObject({
  validations: z
    .array(
      z.looseObject({
        service_id: z.string().optional(),
        outcome_code: z.string(),
        source_data: z
          .looseObject({ first_name: name, middle_name: name, last_name: name })
          .nullable()
          .optional()
          .catch(undefined),
      }),
    )
    .optional(),
});

/** Outcome codes that say the number is not one the registry holds (or not a number at all). */
const notFound = new Set(["DOCUMENT_NOT_FOUND", "INVALID_DOCUMENT_FORMAT", "INVALID_INPUT"]);

/**
 * Didit's standalone database validation (`POST v3/database-validation/`): the number and the
 * customer's names go to Nigeria's registry through Didit, which answers an outcome code per service
 * and the registry's own names. Anything unclear (an HTTP error, a body that is not JSON, no answer
 * for the service, a code we do not know, a timeout) is IdentityUnavailable: the customer may try again
 * and nothing is counted against them.
 */
export function createDiditVerifier(credentials: DiditCredentials): IdentityVerifier {
  return {
    name: "didit",
    async lookup(query, signal): Promise<IdentityAnswer> {
      const { service, field } = diditServices[query.type];
      const form = new FormData();
      form.set("issuing_state", "NGA");
      form.set("services", service);
      form.set(field, query.number);
      form.set("first_name", query.firstName);
      form.set("last_name", query.lastName);
      form.set("vendor_data", query.reference);
      let response: Response;
      try {
        response = await fetch(`${credentials.baseUrl}v3/database-validation/`, {
          method: "POST",
          headers: { "x-api-key": credentials.apiKey, accept: "application/json" },
          body: form,
          signal,
        });
      } catch (error) {
        throw new IdentityUnavailable(`Didit could not be reached: ${(error as Error).message}`);
      }
      const text = await response.text().catch(() => "");
      if (!response.ok) {
        const keys = response.status === 401 || response.status === 403 ? " (our API key was refused)" : "";
        throw new IdentityUnavailable(`Didit answered HTTP ${response.status}${keys}`);
      }
      let parsed: z.infer<typeof answerBody>;
      try {
        parsed = answerBody.parse(JSON.parse(text));
      } catch {
        throw new IdentityUnavailable("Didit answered a body that is not the validation report");
      }
      const validation = parsed.validations?.find((v) => v.service_id === service) ?? parsed.validations?.[0];
      if (!validation) throw new IdentityUnavailable(`Didit ran no ${service} check`);
      const code = validation.outcome_code;
      if (notFound.has(code)) return { outcome: "not_found" };
      if (code !== "MATCH" && code !== "PARTIAL_MATCH" && code !== "NO_MATCH") {
        throw new IdentityUnavailable(`Didit answered outcome ${code.slice(0, 60)}`);
      }
      const record = recordOf(validation.source_data);
      if (record) return { outcome: "found", record };
      // The registry's names were not sent back: only Didit's own verdict is left.
      return code === "MATCH"
        ? {
            outcome: "found",
            record: { firstName: query.firstName, middleName: null, lastName: query.lastName },
          }
        : { outcome: "mismatch" };
    },
  };
}

type Validation = NonNullable<z.infer<typeof answerBody>["validations"]>[number];

function recordOf(source: Validation["source_data"]): IdentityRecord | null {
  if (!source?.first_name || !source.last_name) return null;
  return { firstName: source.first_name, middleName: source.middle_name || null, lastName: source.last_name };
}
