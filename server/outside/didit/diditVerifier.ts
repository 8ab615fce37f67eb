import { z } from "zod";
import type { IdentityType } from "../../../schemas/kyc";
import {
  type IdentityAnswer,
  type IdentityQuery,
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

/**
 * A name as Didit's form takes it (`[A-Za-zÀ-ÖØ-öø-ÿ .'-]+`, else INVALID_INPUT): accents folded away,
 * anything else a space. "Adébáyọ̀" would otherwise be refused for its ọ; OjaPay's own match decides.
 */
export function diditName(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{Mark}/gu, "")
    .replace(/[^A-Za-zÀ-ÖØ-öø-ÿ .'-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const text = z.string().trim().optional().catch(undefined);
const verdict = z.enum(["full_match", "partial_match", "no_match"]).optional().catch(undefined);
const answerBody = z.looseObject({
  validations: z
    .array(
      z.looseObject({
        service_id: z.string().optional(),
        outcome_code: z.string(),
        source_data: z
          .looseObject({
            first_name: text,
            middle_name: text,
            last_name: text,
            date_of_birth: text,
            phone_number: text,
            phone: text,
          })
          .nullable()
          .optional()
          .catch(undefined),
        validation: z
          .looseObject({ full_name: verdict, date_of_birth: verdict })
          .nullable()
          .optional()
          .catch(undefined),
      }),
    )
    .optional(),
});
type Validation = NonNullable<z.infer<typeof answerBody>["validations"]>[number];

/** Outcome codes that say the number is not one the registry holds, or not a number at all. */
const notFound = new Set(["DOCUMENT_NOT_FOUND", "INVALID_DOCUMENT_FORMAT"]);
/** Outcome codes that say the registry holds the number but will not let anyone verify with it. */
const barred = new Set(["DECEASED", "MINOR_BLOCKED"]);
const compared = new Set(["MATCH", "PARTIAL_MATCH", "NO_MATCH"]);

/** `YYYY-MM-DD` from the registry's date, or null when it is not written that way. */
function isoDay(value: string | undefined): string | null {
  const day = value?.match(/^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/)?.[1];
  if (!day) return null;
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) ? day : null;
}

/**
 * Didit's standalone database validation (`POST v3/database-validation/`): the number, the customer's
 * names and date of birth go to Nigeria's registry through Didit, which answers an outcome code per
 * service, its verdict on each field and, as far as the registry gives them, the registry's own
 * names, date of birth and phone. Anything unclear (an HTTP error, a body that is not JSON, no answer
 * for the service, a code we do not know, a request Didit found incomplete, a timeout) is
 * IdentityUnavailable: the customer may try again and nothing is counted against them.
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
      form.set("first_name", diditName(query.firstName));
      form.set("last_name", diditName(query.lastName));
      form.set("date_of_birth", query.dateOfBirth);
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
      const body = await response.text().catch(() => "");
      if (!response.ok) {
        const keys = response.status === 401 || response.status === 403 ? " (our API key was refused)" : "";
        throw new IdentityUnavailable(`Didit answered HTTP ${response.status}${keys}`);
      }
      let parsed: z.infer<typeof answerBody>;
      try {
        parsed = answerBody.parse(JSON.parse(body));
      } catch {
        throw new IdentityUnavailable("Didit answered a body that is not the validation report");
      }
      const validation = parsed.validations?.find((v) => v.service_id === service) ?? parsed.validations?.[0];
      if (!validation) throw new IdentityUnavailable(`Didit ran no ${service} check`);
      const code = validation.outcome_code;
      if (notFound.has(code)) return { outcome: "not_found" };
      if (barred.has(code)) return { outcome: "refused" };
      // INVALID_INPUT is about our request (a field Didit wanted and did not get), not the number.
      if (!compared.has(code)) throw new IdentityUnavailable(`Didit answered outcome ${code.slice(0, 60)}`);
      return readRecord(query, code, validation);
    },
  };
}

/**
 * The registry's record as far as Didit gave it. Where the registry's own value is missing, Didit's
 * verdict on the value we sent stands in for it (a full match means the value sent); a field with
 * neither cannot be judged, so the check is unavailable rather than passed.
 */
function readRecord(query: IdentityQuery, code: string, v: Validation): IdentityAnswer {
  const source = v.source_data;
  const allMatched = code === "MATCH";
  let names: Pick<IdentityRecord, "firstName" | "middleName" | "lastName">;
  if (source?.first_name && source.last_name) {
    names = {
      firstName: source.first_name,
      middleName: source.middle_name || null,
      lastName: source.last_name,
    };
  } else if (allMatched || v.validation?.full_name === "full_match") {
    names = { firstName: query.firstName, middleName: null, lastName: query.lastName };
  } else {
    return { outcome: "mismatch", part: "name" };
  }

  let dateOfBirth = isoDay(source?.date_of_birth);
  if (!dateOfBirth) {
    const said = v.validation?.date_of_birth;
    if (said === "full_match" || (allMatched && said === undefined)) dateOfBirth = query.dateOfBirth;
    else if (said) return { outcome: "mismatch", part: "date_of_birth" };
    else
      throw new IdentityUnavailable("Didit gave neither the registry's date of birth nor a verdict on ours");
  }
  const phone = source?.phone_number || source?.phone || null;
  return { outcome: "found", record: { ...names, dateOfBirth, phone } };
}
