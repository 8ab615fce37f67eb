import { describe, expect, it } from "vitest";
import { lookupAnswer } from "../../server/outside/didit/diditAnswers";
import { type IdentityQuery, IdentityUnavailable } from "../../server/outside/identityVerifier";
import type { OutsideReply } from "../../server/outside/outsideHttp";

/**
 * Didit's database validation reports, row by row, as docs/PROVIDERS.md's outcome-code table reads
 * them: each reply as Didit sends it, and the answer (or IdentityUnavailable). Pure: no server.
 */
const service = "nga_national_id";
const query: IdentityQuery = {
  type: "nin",
  number: "70123456789",
  firstName: "Ada",
  lastName: "Okafor",
  dateOfBirth: "1990-05-04",
  reference: "user-1",
};
const reply = (body: unknown, httpStatus = 200): OutsideReply => ({ httpStatus, json: body, isJson: true });
const report = (validation: Record<string, unknown>, others: Record<string, unknown>[] = []) =>
  reply({ status: "Declined", validations: [...others, { service_id: service, ...validation }] });

const registry = { first_name: "ADA", last_name: "OKAFOR", date_of_birth: "1990-05-04" };
const ada = {
  firstName: "Ada",
  middleName: null,
  lastName: "Okafor",
  dateOfBirth: "1990-05-04",
  phone: null,
};
const adaInCapitals = { ...ada, firstName: "ADA", lastName: "OKAFOR" };

describe("each outcome code", () => {
  it.each([
    [
      "MATCH with the registry's record",
      report({ outcome_code: "MATCH", source_data: registry }),
      { outcome: "found", record: adaInCapitals },
    ],
    [
      "MATCH with no record: the values sent",
      report({ outcome_code: "MATCH" }),
      { outcome: "found", record: ada },
    ],
    [
      "PARTIAL_MATCH with the registry's record",
      report({ outcome_code: "PARTIAL_MATCH", source_data: { ...registry, date_of_birth: "1991-01-02" } }),
      { outcome: "found", record: { ...adaInCapitals, dateOfBirth: "1991-01-02" } },
    ],
    [
      "NO_MATCH with the registry's record",
      report({
        outcome_code: "NO_MATCH",
        source_data: {
          first_name: "CHIDINMA",
          middle_name: "ADAEZE",
          last_name: "OKAFOR",
          date_of_birth: "1994-03-17",
        },
      }),
      {
        outcome: "found",
        record: {
          firstName: "CHIDINMA",
          middleName: "ADAEZE",
          lastName: "OKAFOR",
          dateOfBirth: "1994-03-17",
          phone: null,
        },
      },
    ],
    ["DOCUMENT_NOT_FOUND", report({ outcome_code: "DOCUMENT_NOT_FOUND" }), { outcome: "not_found" }],
    [
      "INVALID_DOCUMENT_FORMAT",
      report({ outcome_code: "INVALID_DOCUMENT_FORMAT" }),
      { outcome: "not_found" },
    ],
    ["DECEASED", report({ outcome_code: "DECEASED" }), { outcome: "refused" }],
    ["MINOR_BLOCKED", report({ outcome_code: "MINOR_BLOCKED" }), { outcome: "refused" }],
  ])("%s", (_what, given, answered) => {
    expect(lookupAnswer(given, query, service)).toEqual(answered);
  });
});

describe("where the registry sent no value, Didit's verdict on ours", () => {
  it.each([
    [
      "names: full_match means the names sent",
      {
        outcome_code: "PARTIAL_MATCH",
        source_data: { date_of_birth: "1990-05-04" },
        validation: { full_name: "full_match" },
      },
      { outcome: "found", record: ada },
    ],
    [
      "names: partial_match is a name mismatch",
      {
        outcome_code: "PARTIAL_MATCH",
        validation: { full_name: "partial_match", date_of_birth: "full_match" },
      },
      { outcome: "mismatch", part: "name" },
    ],
    [
      "names: no_match is a name mismatch",
      { outcome_code: "NO_MATCH", validation: { full_name: "no_match" } },
      { outcome: "mismatch", part: "name" },
    ],
    [
      "names: only a first name is no record of names",
      {
        outcome_code: "PARTIAL_MATCH",
        source_data: { first_name: "ADA" },
        validation: { date_of_birth: "full_match" },
      },
      { outcome: "mismatch", part: "name" },
    ],
    [
      "date of birth: full_match means the one sent",
      {
        outcome_code: "PARTIAL_MATCH",
        source_data: { first_name: "ADA", last_name: "OKAFOR" },
        validation: { date_of_birth: "full_match" },
      },
      { outcome: "found", record: adaInCapitals },
    ],
    [
      "date of birth: no_match is a date-of-birth mismatch",
      {
        outcome_code: "PARTIAL_MATCH",
        source_data: { first_name: "ADA", last_name: "OKAFOR" },
        validation: { date_of_birth: "no_match" },
      },
      { outcome: "mismatch", part: "date_of_birth" },
    ],
    [
      "date of birth: partial_match is a date-of-birth mismatch",
      {
        outcome_code: "PARTIAL_MATCH",
        source_data: { first_name: "ADA", last_name: "OKAFOR" },
        validation: { date_of_birth: "partial_match" },
      },
      { outcome: "mismatch", part: "date_of_birth" },
    ],
    [
      "date of birth: MATCH with no verdict means the one sent",
      { outcome_code: "MATCH", source_data: { first_name: "ADA", last_name: "OKAFOR" } },
      { outcome: "found", record: adaInCapitals },
    ],
    [
      "date of birth: a registry date that is no day falls back to the verdict",
      {
        outcome_code: "PARTIAL_MATCH",
        source_data: { ...registry, date_of_birth: "1990-02-30" },
        validation: { date_of_birth: "no_match" },
      },
      { outcome: "mismatch", part: "date_of_birth" },
    ],
    [
      "a verdict Didit has no word for is no verdict",
      { outcome_code: "MATCH", validation: { full_name: "maybe", date_of_birth: "maybe" } },
      { outcome: "found", record: ada },
    ],
  ])("%s", (_what, validation, answered) => {
    expect(lookupAnswer(report(validation), query, service)).toEqual(answered);
  });
});

describe("the registry's own values", () => {
  it.each([
    ["a date with a time", { date_of_birth: "1991-01-02T00:00:00Z" }, { dateOfBirth: "1991-01-02" }],
    [
      "a date with a time after a space",
      { date_of_birth: "1991-01-02 00:00:00" },
      { dateOfBirth: "1991-01-02" },
    ],
    ["a middle name", { middle_name: "Chiamaka" }, { middleName: "Chiamaka" }],
    ["an empty middle name", { middle_name: "" }, { middleName: null }],
    ["names with spaces around them", { first_name: "  ADA ", last_name: " OKAFOR" }, {}],
    ["the phone as phone_number", { phone_number: "+234 803 123 4567" }, { phone: "+234 803 123 4567" }],
    ["the phone as phone", { phone: "08031234567" }, { phone: "08031234567" }],
    [
      "phone_number over phone",
      { phone_number: "08031234567", phone: "08000000000" },
      { phone: "08031234567" },
    ],
    ["a phone that is not text", { phone_number: 8031234567 }, {}],
  ])("%s", (_what, source, differs) => {
    const given = report({ outcome_code: "PARTIAL_MATCH", source_data: { ...registry, ...source } });
    expect(lookupAnswer(given, query, service)).toEqual({
      outcome: "found",
      record: { ...adaInCapitals, ...differs },
    });
  });

  it("reads the validation for the service asked about, not another's", () => {
    const given = report({ outcome_code: "DOCUMENT_NOT_FOUND" }, [
      { service_id: "nga_bank_verification_number", outcome_code: "MATCH" },
    ]);
    expect(lookupAnswer(given, query, service)).toEqual({ outcome: "not_found" });
  });

  it("reads the only validation when Didit names no service", () => {
    const given = reply({ validations: [{ outcome_code: "DECEASED" }] });
    expect(lookupAnswer(given, query, service)).toEqual({ outcome: "refused" });
  });
});

describe("cannot say: IdentityUnavailable, nothing counted", () => {
  it.each([
    [
      "INVALID_INPUT (our request, not the number)",
      report({ outcome_code: "INVALID_INPUT" }),
      "Didit answered outcome INVALID_INPUT",
    ],
    [
      "REGISTRY_UNAVAILABLE",
      report({ outcome_code: "REGISTRY_UNAVAILABLE" }),
      "Didit answered outcome REGISTRY_UNAVAILABLE",
    ],
    ["a biometric code", report({ outcome_code: "FACE_MISMATCH" }), "Didit answered outcome FACE_MISMATCH"],
    [
      "a code named like an object's key",
      report({ outcome_code: "constructor" }),
      "Didit answered outcome constructor",
    ],
    [
      "a very long code, cut short",
      report({ outcome_code: "X".repeat(100) }),
      `Didit answered outcome ${"X".repeat(60)}`,
    ],
    [
      "names but neither a date of birth nor a verdict on ours",
      report({ outcome_code: "PARTIAL_MATCH", source_data: { first_name: "ADA", last_name: "OKAFOR" } }),
      "Didit gave neither the registry's date of birth nor a verdict on ours",
    ],
    ["no validations", reply({ status: "Not Finished" }), `Didit ran no ${service} check`],
    ["an empty list of validations", reply({ validations: [] }), `Didit ran no ${service} check`],
    [
      "a validation without an outcome code",
      report({}),
      "Didit answered a body that is not the validation report",
    ],
    [
      "validations that are not a list",
      reply({ validations: "MATCH" }),
      "Didit answered a body that is not the validation report",
    ],
    ["JSON that is not an object", reply("MATCH"), "Didit answered a body that is not the validation report"],
    [
      "a body that is not JSON",
      { httpStatus: 200, json: undefined, isJson: false },
      "Didit answered a body that is not the validation report",
    ],
    [
      "our key refused (401)",
      reply({ detail: "Invalid API key" }, 401),
      "Didit answered HTTP 401 (our API key was refused)",
    ],
    [
      "our key refused (403)",
      reply({ detail: "Forbidden" }, 403),
      "Didit answered HTTP 403 (our API key was refused)",
    ],
    [
      "a bad request (400), even with a report in it",
      reply({ validations: [{ outcome_code: "MATCH" }] }, 400),
      "Didit answered HTTP 400",
    ],
    ["a server error", reply({}, 500), "Didit answered HTTP 500"],
    [
      "a registry down (503, not JSON)",
      { httpStatus: 503, json: undefined, isJson: false },
      "Didit answered HTTP 503",
    ],
    ["a redirect", reply({}, 302), "Didit answered HTTP 302"],
  ])("%s", (_what, given, message) => {
    expect(() => lookupAnswer(given, query, service)).toThrow(new IdentityUnavailable(message));
  });
});
