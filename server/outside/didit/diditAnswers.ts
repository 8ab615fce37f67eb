import { z } from "zod";
import {
  type IdentityAnswer,
  type IdentityQuery,
  type IdentityRecord,
  IdentityUnavailable,
} from "../identityVerifier";
import type { OutsideReply } from "../outsideHttp";

/**
 * Didit's database validation report, read by the outcome-code table in docs/PROVIDERS.md (Didit).
 * Pure: the reply as it came and the query it answers in, an IdentityAnswer out; anything unclear
 * (an HTTP error, a body that is not the report, no check for the service, a code we do not know, a
 * request Didit found incomplete) is IdentityUnavailable, which counts nothing against the customer.
 */

const text = z.string().trim().optional().catch(undefined);
const verdict = z.enum(["full_match", "partial_match", "no_match"]).optional().catch(undefined);
export const diditReport = z.looseObject({
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
type Validation = NonNullable<z.infer<typeof diditReport>["validations"]>[number];

/**
 * What each outcome code says. `not_found`: the number is not one the registry holds, or no number
 * at all. `refused`: the registry holds it but will not let anyone verify with it. `compared`: the
 * registry's record, or Didit's verdict on ours, follows. Any code not here (INVALID_INPUT, which is
 * about our request and not the number; REGISTRY_UNAVAILABLE; biometric codes) cannot say.
 */
const outcomes: Record<string, "not_found" | "refused" | "compared"> = {
  DOCUMENT_NOT_FOUND: "not_found",
  INVALID_DOCUMENT_FORMAT: "not_found",
  DECEASED: "refused",
  MINOR_BLOCKED: "refused",
  MATCH: "compared",
  PARTIAL_MATCH: "compared",
  NO_MATCH: "compared",
};

/** `YYYY-MM-DD` from the registry's date, or null when it is not written that way. */
function isoDay(value: string | undefined): string | null {
  const day = value?.match(/^(\d{4}-\d{2}-\d{2})(?:[T ].*)?$/)?.[1];
  if (!day) return null;
  return new Date(`${day}T00:00:00Z`).toISOString().startsWith(day) ? day : null;
}

/** The answer to `POST v3/database-validation/` for `service` (Didit's id for the query's number). */
export function lookupAnswer(reply: OutsideReply, query: IdentityQuery, service: string): IdentityAnswer {
  if (reply.httpStatus < 200 || reply.httpStatus > 299) {
    const keys = reply.httpStatus === 401 || reply.httpStatus === 403 ? " (our API key was refused)" : "";
    throw new IdentityUnavailable(`Didit answered HTTP ${reply.httpStatus}${keys}`);
  }
  const parsed = diditReport.safeParse(reply.json);
  if (!reply.isJson || !parsed.success) {
    throw new IdentityUnavailable("Didit answered a body that is not the validation report");
  }
  const validations = parsed.data.validations;
  const validation = validations?.find((v) => v.service_id === service) ?? validations?.[0];
  if (!validation) throw new IdentityUnavailable(`Didit ran no ${service} check`);
  const code = validation.outcome_code;
  switch (outcomes[code]) {
    case "not_found":
      return { outcome: "not_found" };
    case "refused":
      return { outcome: "refused" };
    case "compared":
      return readRecord(query, code, validation);
    default:
      throw new IdentityUnavailable(`Didit answered outcome ${code.slice(0, 60)}`);
  }
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
