import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiditVerifier } from "../../server/identity/didit/diditVerifier";
import { IdentityUnavailable } from "../../server/identity/identityVerifier";
import { simulatorPaths } from "../../server/integrations";
import { simulatorKeys } from "../../server/simulators/simulatorKeys";
import { createTestServer, type TestServer } from "./support/testServer";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const ask = (
  over: Partial<Parameters<ReturnType<typeof createDiditVerifier>["lookup"]>[0]> = {},
  apiKey?: string,
) =>
  createDiditVerifier({
    baseUrl: `${server.origin}${simulatorPaths.didit}/`,
    apiKey: apiKey ?? simulatorKeys.didit.apiKey,
  }).lookup(
    {
      type: "bvn",
      number: "22345678901",
      firstName: "Ada",
      lastName: "Okafor",
      reference: "user-1",
      ...over,
    },
    AbortSignal.timeout(2_000),
  );

describe("the Didit adapter against the simulator, over HTTP", () => {
  it("reads the registry's names for a BVN and for a NIN (each sent in its own form field)", async () => {
    const record = { firstName: "ADA", middleName: null, lastName: "OKAFOR" };
    expect(await ask()).toEqual({ outcome: "found", record });
    expect(await ask({ type: "nin", number: "70123456789" })).toEqual({ outcome: "found", record });
  });

  it("answers someone else's record as found, for OjaPay's own name match to refuse", async () => {
    expect(await ask({ number: "22345679999" })).toEqual({
      outcome: "found",
      record: { firstName: "CHIDINMA", middleName: "ADAEZE", lastName: "OKAFOR" },
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
  let answer: () => Response;
  let origin: string;
  let close: () => void;
  beforeAll(async () => {
    const app = new Hono();
    app.post("/v3/database-validation/", () => answer());
    const listening = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => listening.once("listening", resolve));
    origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/`;
    close = () => listening.close();
  });
  afterAll(() => close());
  const lookup = () =>
    createDiditVerifier({ baseUrl: origin, apiKey: "test-key-1234" }).lookup(
      { type: "nin", number: "70123456789", firstName: "Ada", lastName: "Okafor", reference: "u" },
      AbortSignal.timeout(2_000),
    );
  const report = (validation: Record<string, unknown>) =>
    Response.json({ status: "Declined", validations: [{ service_id: "nga_national_id", ...validation }] });

  it("takes Didit's word when it sends no names: MATCH is the names sent, NO_MATCH a mismatch", async () => {
    answer = () => report({ outcome_code: "MATCH" });
    expect(await lookup()).toEqual({
      outcome: "found",
      record: { firstName: "Ada", middleName: null, lastName: "Okafor" },
    });
    answer = () => report({ outcome_code: "NO_MATCH" });
    expect(await lookup()).toEqual({ outcome: "mismatch" });
    answer = () => report({ outcome_code: "INVALID_INPUT" });
    expect(await lookup()).toEqual({ outcome: "not_found" });
  });

  it.each([
    ["an unknown outcome", () => report({ outcome_code: "DECEASED" }), "Didit answered outcome DECEASED"],
    ["no validations", () => Response.json({ status: "Not Finished" }), "Didit ran no nga_national_id check"],
    [
      "a body that is not JSON",
      () => new Response("<html>oops</html>"),
      "Didit answered a body that is not the validation report",
    ],
    ["a server error", () => new Response("{}", { status: 500 }), "Didit answered HTTP 500"],
  ])("is unavailable on %s", async (_what, body, message) => {
    answer = body;
    await expect(lookup()).rejects.toThrow(new IdentityUnavailable(message));
  });
});
