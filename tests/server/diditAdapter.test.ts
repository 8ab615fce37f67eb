import { describe, expect, it } from "vitest";
import { simulatorPaths } from "../../server/integrations";
import { createDiditVerifier } from "../../server/outside/didit/diditVerifier";
import { registryPhoneOf } from "../../server/outside/didit/simulator/diditSimulator";
import { IdentityUnavailable } from "../../server/outside/identityVerifier";
import { NothingSent, type OutsideRequest, type OutsideResponse } from "../../server/outside/outsideHttp";
import { simulatorKeys } from "../../server/outside/simulation/simulatorKeys";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

const ask = (
  over: Partial<Parameters<ReturnType<typeof createDiditVerifier>["lookup"]>[0]> = {},
  apiKey?: string,
) =>
  createDiditVerifier({
    baseUrl: `${server.origin}${simulatorPaths.didit}/`,
    apiKey: apiKey ?? simulatorKeys.didit.apiKey,
    timeoutMs: 2_000,
  }).lookup({
    type: "bvn",
    number: "22345678901",
    firstName: "Ada",
    lastName: "Okafor",
    dateOfBirth: "1990-05-04",
    reference: "user-1",
    ...over,
  });

describe("the Didit adapter against the simulator, over HTTP", () => {
  it("reads the registry's names, date of birth and phone for a BVN and for a NIN (each in its own form field)", async () => {
    const record = { firstName: "ADA", middleName: null, lastName: "OKAFOR", dateOfBirth: "1990-05-04" };
    expect(await ask()).toEqual({
      outcome: "found",
      record: { ...record, phone: registryPhoneOf("22345678901") },
    });
    expect(await ask({ type: "nin", number: "70123456789" })).toEqual({
      outcome: "found",
      record: { ...record, phone: "+2348033456789" },
    });
    expect(await ask({ number: "22345676666" })).toEqual({
      outcome: "found",
      record: { ...record, phone: null },
    });
  });

  it("answers someone else's record, date of birth and phone included, for OjaPay's own match to judge", async () => {
    expect(await ask({ number: "22345679999" })).toEqual({
      outcome: "found",
      record: {
        firstName: "CHIDINMA",
        middleName: "ADAEZE",
        lastName: "OKAFOR",
        dateOfBirth: "1994-03-17",
        phone: "+2348035550199",
      },
    });
    expect(await ask({ number: "22345677777" })).toMatchObject({
      outcome: "found",
      record: { firstName: "ADA", dateOfBirth: "1990-05-04", phone: "+2348000007777" },
    });
  });

  it("sends names Didit's form accepts: accents folded, nothing else in them", async () => {
    expect(await ask({ firstName: "Adébáyọ̀", lastName: "Ọlá-Williams" })).toMatchObject({
      outcome: "found",
      record: { firstName: "ADEBAYO", lastName: "OLA-WILLIAMS" },
    });
  });

  it("answers not found for a number the registry does not hold, or one that is no number", async () => {
    expect(await ask({ number: "22345670000" })).toEqual({ outcome: "not_found" });
    expect(await ask({ number: "2234567" })).toEqual({ outcome: "not_found" });
  });

  it("throws IdentityUnavailable for refused keys, a registry that is down, and no answer in time", async () => {
    await expect(ask({}, "a-wrong-api-key")).rejects.toThrow(
      new IdentityUnavailable("Didit answered HTTP 403 (our API key was refused)"),
    );
    await expect(ask({ number: "22345675555" })).rejects.toThrow(
      new IdentityUnavailable("Didit answered HTTP 503"),
    );
    const started = Date.now();
    await expect(ask({ number: "22345673333" })).rejects.toBeInstanceOf(IdentityUnavailable);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("the Didit adapter against answers the simulator never gives", () => {
  let answer: () => OutsideResponse;
  let sent: OutsideRequest | undefined;
  const lookup = () =>
    createDiditVerifier({
      baseUrl: "https://didit.example/",
      apiKey: "test-key-1234",
      timeoutMs: 2_000,
      transport: async (request) => {
        sent = request;
        return answer();
      },
    }).lookup({
      type: "nin",
      number: "70123456789",
      firstName: "Ada",
      lastName: "Okafor",
      dateOfBirth: "1990-05-04",
      reference: "u",
    });
  const json = (body: unknown, status = 200): OutsideResponse => ({ status, text: JSON.stringify(body) });
  const report = (validation: Record<string, unknown>) =>
    json({ status: "Declined", validations: [{ service_id: "nga_national_id", ...validation }] });
  const ada = {
    firstName: "Ada",
    middleName: null,
    lastName: "Okafor",
    dateOfBirth: "1990-05-04",
    phone: null,
  };

  it("sends the check as a multipart form with our key, its fields as Didit names them", async () => {
    answer = () => report({ outcome_code: "MATCH" });
    await lookup();
    expect(sent?.method).toBe("POST");
    expect(sent?.url.href).toBe("https://didit.example/v3/database-validation/");
    expect(sent?.headers).toMatchObject({ "x-api-key": "test-key-1234", accept: "application/json" });
    const type = sent?.headers["content-type"] ?? "";
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(Buffer.from(sent?.body ?? ""), {
      headers: { "content-type": type },
    }).formData();
    expect(Object.fromEntries(form)).toEqual({
      issuing_state: "NGA",
      services: "nga_national_id",
      national_id: "70123456789",
      first_name: "Ada",
      last_name: "Okafor",
      date_of_birth: "1990-05-04",
      vendor_data: "u",
    });
  });

  it("is unavailable when Didit cannot be reached", async () => {
    answer = () => {
      throw new NothingSent("didit.example: ECONNREFUSED");
    };
    await expect(lookup()).rejects.toThrow(
      new IdentityUnavailable("Didit could not be reached: didit.example: ECONNREFUSED"),
    );
  });

  it("takes Didit's word for a field the registry did not send: a full match is the value sent", async () => {
    answer = () => report({ outcome_code: "MATCH" });
    expect(await lookup()).toEqual({ outcome: "found", record: ada });
    answer = () =>
      report({
        outcome_code: "PARTIAL_MATCH",
        source_data: { first_name: "ADA", last_name: "OKAFOR", phone_number: "08031234567" },
        validation: { full_name: "full_match", date_of_birth: "no_match" },
      });
    expect(await lookup()).toEqual({ outcome: "mismatch", part: "date_of_birth" });
    answer = () => report({ outcome_code: "NO_MATCH", validation: { full_name: "no_match" } });
    expect(await lookup()).toEqual({ outcome: "mismatch", part: "name" });
  });

  it("reads the registry's own date of birth and phone over Didit's verdict on ours", async () => {
    answer = () =>
      report({
        outcome_code: "PARTIAL_MATCH",
        source_data: {
          first_name: "ADA",
          last_name: "OKAFOR",
          date_of_birth: "1991-01-02T00:00:00Z",
          phone_number: "+234 803 123 4567",
        },
        validation: { full_name: "full_match", date_of_birth: "no_match" },
      });
    expect(await lookup()).toEqual({
      outcome: "found",
      record: {
        ...ada,
        firstName: "ADA",
        lastName: "OKAFOR",
        dateOfBirth: "1991-01-02",
        phone: "+234 803 123 4567",
      },
    });
  });

  it("answers refused for a holder the registry bars (deceased, a minor)", async () => {
    answer = () => report({ outcome_code: "DECEASED" });
    expect(await lookup()).toEqual({ outcome: "refused" });
    answer = () => report({ outcome_code: "MINOR_BLOCKED" });
    expect(await lookup()).toEqual({ outcome: "refused" });
  });

  it.each([
    [
      "an unknown outcome",
      () => report({ outcome_code: "REGISTRY_UNAVAILABLE" }),
      "Didit answered outcome REGISTRY_UNAVAILABLE",
    ],
    // Didit found our request incomplete: the number says nothing, and the customer is not to blame.
    [
      "a request Didit found incomplete",
      () => report({ outcome_code: "INVALID_INPUT" }),
      "Didit answered outcome INVALID_INPUT",
    ],
    [
      "names but neither a date of birth nor a verdict on ours",
      () =>
        report({ outcome_code: "PARTIAL_MATCH", source_data: { first_name: "ADA", last_name: "OKAFOR" } }),
      "Didit gave neither the registry's date of birth nor a verdict on ours",
    ],
    ["no validations", () => json({ status: "Not Finished" }), "Didit ran no nga_national_id check"],
    [
      "a body that is not JSON",
      () => ({ status: 200, text: "<html>oops</html>" }),
      "Didit answered a body that is not the validation report",
    ],
    ["a server error", () => json({}, 500), "Didit answered HTTP 500"],
  ])("is unavailable on %s", async (_what, body, message) => {
    answer = body;
    await expect(lookup()).rejects.toThrow(new IdentityUnavailable(message));
  });
});
