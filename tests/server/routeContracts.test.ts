import { describe, expect, it } from "vitest";
import { implement } from "../../server/http/route";
import { serverForFile } from "./support/serverForFile";

const server = serverForFile();

/**
 * The route table in schemas/routes is the one source of every path's input and answer: these calls
 * are wrong on purpose, and `tsc` (part of `npm test`) fails if any of them stops being an error, as
 * it would if the schema and its callers disagreed.
 */
describe("one typed contract from the server to the tests", () => {
  it("types a test's call by the route table, and the server refuses what the types refuse", async () => {
    const person = await server.customer();
    const token = await server.login(person.email, person.password);
    const refused = await server.send("POST /core/customer/kyc/verify", {
      token,
      // @ts-expect-error the field is id_type, as schemas/kyc.ts names it
      body: { idType: "bvn", number: "22212341234" },
    });
    expect(refused).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    expect(refused.body.fields).toHaveProperty("id_type");

    const kyc = await server.sendOk("GET /core/customer/kyc", { token });
    expect(kyc.tier).toBe(1);
    // @ts-expect-error the answer's data is parsed by its result schema, which has no `level`
    expect(kyc.level).toBeUndefined();
  });

  it("refuses a query key no list knows, naming it, rather than listing everything", async () => {
    const person = await server.customer();
    const token = await server.login(person.email, person.password);
    const misspelt = await server.get("core/customer/transactions/?stauts=failed", token);
    expect(misspelt).toMatchObject({ status: 400, body: { code: "invalid_input" } });
    expect(misspelt.body.fields).toHaveProperty("stauts");
    const page = await server.sendOk("GET /core/customer/transactions", {
      token,
      query: { status: "failed" },
    });
    expect(page).toMatchObject({ count: 0, page: 1, page_size: 20, results: [] });
  });

  it("names an unknown field in `fields` even when a plain object already has a key of its name", async () => {
    const token = (await server.signedInCustomer()).token;
    for (const key of ["__proto__", "constructor", "toString"]) {
      const res = await server.app.request("/api/auth/profile/", {
        method: "PATCH",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: `{"first_name":"Ada","${key}":1}`,
      });
      expect(res.status, key).toBe(400);
      // Read as JSON.parse gives it: a "__proto__" key survives there and in no object built from it.
      const { fields } = JSON.parse(await res.text());
      expect(Object.keys(fields), key).toEqual([key]);
    }
  });

  it("types a handler by the same contract", () => {
    const reads = implement("POST /core/customer/kyc/verify", async ({ body }) => {
      // @ts-expect-error the parsed body has id_type, not idType
      const kind: string = body.idType;
      throw new Error(kind);
    });
    const answers = implement(
      "GET /core/customer/kyc",
      // @ts-expect-error the answer must match the result schema, and a string is not a KYC status
      async () => ({ msg: "Checked.", data: "tier 2" }),
    );
    expect(reads).toMatchObject({ method: "POST", path: "/core/customer/kyc/verify" });
    expect(answers).toMatchObject({ method: "GET", path: "/core/customer/kyc" });
  });
});
