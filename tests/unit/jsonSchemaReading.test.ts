import { describe, expect, it } from "vitest";
import { curlCommand } from "../../src/pages/public/developers/curlCommand";
import { pointerResolver } from "../../src/pages/public/developers/jsonSchema";
import type { ApiOperation } from "../../src/pages/public/developers/openApiOperations";
import { patternExample } from "../../src/pages/public/developers/patternExample";
import { schemaExample } from "../../src/pages/public/developers/schemaExample";
import { schemaFields } from "../../src/pages/public/developers/schemaFields";
import { schemaKind } from "../../src/pages/public/developers/schemaKind";

// The API reference's reading of JSON Schema (src/pages/public/developers), on the forms z.toJSONSchema
// writes; the page's own test draws it from the real document.

const noRefs = pointerResolver({});
const uuid = "3f0c1a4e-5b7f-4c2a-9e1d-2f6a8b9c0d1e";

describe("what a schema is", () => {
  it("sees through null in a type list, an anyOf and an enum", () => {
    expect(schemaKind({ type: ["string", "null"], description: "Token" }, noRefs)).toMatchObject({
      nullable: true,
      shape: { kind: "scalar", type: "string" },
    });
    const wrapped = schemaKind(
      { description: "Before", anyOf: [{ type: "integer" }, { type: "null" }] },
      noRefs,
    );
    expect(wrapped).toMatchObject({ nullable: true, shape: { kind: "scalar", type: "integer" } });
    expect(wrapped.schema.description).toBe("Before");
    expect(schemaKind({ enum: ["a", null] }, noRefs)).toMatchObject({
      nullable: true,
      shape: { kind: "enum", values: ["a"] },
    });
  });

  it("follows a $ref into the document and merges an allOf into one object", () => {
    const resolve = pointerResolver({ components: { schemas: { Money: { type: "integer", minimum: 0 } } } });
    expect(schemaKind({ $ref: "#/components/schemas/Money" }, resolve).shape).toEqual({
      kind: "scalar",
      type: "integer",
    });
    const merged = schemaKind(
      { allOf: [{ properties: { a: { type: "string" } }, required: ["a"] }, { properties: { b: {} } }] },
      noRefs,
    );
    expect(merged.shape).toMatchObject({
      kind: "object",
      properties: [
        { name: "a", required: true },
        { name: "b", required: false },
      ],
    });
  });
});

describe("a schema's fields", () => {
  const union = {
    oneOf: [
      {
        type: "object",
        properties: {
          kind: { type: "string", const: "tv" },
          smartcard: { type: "string", pattern: "^\\d{6,20}$" },
        },
        required: ["kind", "smartcard"],
      },
      {
        type: "object",
        properties: {
          kind: { type: "string", const: "electricity" },
          meter_type: { type: "string", enum: ["prepaid", "postpaid"], title: "Meter type" },
        },
        required: ["kind"],
      },
    ],
  };

  it("names a union's variants by the property each fixes", () => {
    const fields = schemaFields(union, noRefs);
    expect(fields.variants.map((v) => v.label)).toEqual(['kind: "tv"', 'kind: "electricity"']);
    const [meterType] = fields.variants[1]?.field.children.slice(1) ?? [];
    expect(meterType).toMatchObject({
      name: "meter_type",
      required: false,
      values: ['"prepaid"', '"postpaid"'],
    });
  });

  it("lists an array's items' fields under it, and leaves out bounds that only say 'an integer'", () => {
    const fields = schemaFields(
      {
        type: "object",
        properties: {
          results: {
            type: "array",
            items: { type: "object", properties: { id: { type: "integer", minimum: -9007199254740991 } } },
          },
          page_size: { type: "integer", minimum: 1, maximum: 100, default: 20 },
        },
        required: ["results"],
      },
      noRefs,
    );
    expect(fields.children[0]).toMatchObject({ name: "results", type: "array of object", required: true });
    expect(fields.children[0]?.children[0]).toMatchObject({ name: "id", limits: [] });
    expect(fields.children[1]?.limits).toEqual(["1 to 100", "default 20"]);
  });
});

describe("examples built from a schema", () => {
  it("writes strings that match their pattern, taking each alternation's shortest branch", () => {
    expect(patternExample("^(?:\\+?234|0)[789][01]\\d{8}$")).toBe("07012345678");
    expect(patternExample("^\\d{6,20}$")).toBe("123456");
    expect(patternExample("^[^a]$")).toBeUndefined();
    expect(patternExample("^(?=a)a$")).toBeUndefined();
  });

  it("sends required fields only: a const, an enum's first value, a UUID, numbers within bounds", () => {
    const body = schemaExample(
      {
        type: "object",
        properties: {
          kind: { const: "electricity" },
          meter_type: { enum: ["prepaid", "postpaid"] },
          disco_id: { type: "integer", minimum: 1, maximum: 32767 },
          amount: { type: "integer", minimum: 0, widget: "money" },
          ratio: { type: "number", exclusiveMinimum: 5, maximum: 9 },
          request_id: { type: "string", format: "uuid" },
          note: { type: "string" },
        },
        required: ["kind", "meter_type", "disco_id", "amount", "ratio", "request_id"],
      },
      noRefs,
      { newUuid: () => uuid },
    );
    expect(body).toEqual({
      kind: "electricity",
      meter_type: "prepaid",
      disco_id: 1,
      amount: 10_000,
      ratio: 6,
      request_id: uuid,
    });
    expect(
      schemaExample({ oneOf: [{ type: "null" }, { type: "boolean" }] }, noRefs, { newUuid: () => uuid }),
    ).toBe(false);
  });

  it("quotes the body for the shell and leaves a path parameter without an example as a placeholder", () => {
    const operation = { method: "POST", path: "/api/v1/things/{id}/" } as ApiOperation;
    expect(curlCommand(operation, "https://ojapay.test", { body: { name: "Ngozi's shop" } })).toBe(
      [
        "curl -X POST 'https://ojapay.test/api/v1/things/<id>/' \\",
        '  -H "Authorization: Bearer $OJAPAY_KEY" \\',
        "  -H 'Content-Type: application/json' \\",
        `  -d '{\n    "name": "Ngozi'\\''s shop"\n  }'`,
      ].join("\n"),
    );
  });
});
