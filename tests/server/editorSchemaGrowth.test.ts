import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withPromoNote } from "../support/promoNoteEditors";
import type { TestServer } from "./support/testServer";

// A field added to one editor schema, and nothing else changed: the server built after it must
// validate the field with its title in the message and publish it in the OpenAPI document. The worker
// may hold the server's modules from an earlier file (the server projects do not isolate files), so
// they are loaded again here, and once more after, without the field.
vi.resetModules();
vi.doMock("../../schemas/catalogueEditors", withPromoNote);

let server: TestServer;
let staff: { token: string };
beforeAll(async () => {
  const { createTestServer } = await import("./support/testServer");
  server = await createTestServer();
  staff = await server.signedInOperator("staff");
});
afterAll(async () => {
  await server.close();
  vi.doUnmock("../../schemas/catalogueEditors");
  vi.resetModules();
});

describe("a field added to an editor schema", () => {
  it("is validated by the server, in the field's own words", async () => {
    const answer = await server.patch(
      "core/staff/fetch/airtime/",
      { id: 1, promo_note: "far too long for the field" },
      staff.token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.promo_note?.[0]).toMatch(/^Promo note/);

    const wrongType = await server.patch("core/staff/fetch/airtime/", { id: 1, promo_note: 5 }, staff.token);
    expect(wrongType.status).toBe(400);
    expect(Object.keys(wrongType.body.fields ?? {})).toEqual(["promo_note"]);

    // Accepted alone, it counts as a change (the body is more than its id).
    const accepted = await server.patch(
      "core/staff/fetch/airtime/",
      { id: 1, promo_note: "Xmas" },
      staff.token,
    );
    expect(accepted.status).toBe(200);
  });

  it("is in the OpenAPI document's body for the PATCH", async () => {
    const doc = (await server.get("openapi.json")).body as unknown as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
      >;
    };
    const body =
      doc.paths["/core/staff/fetch/airtime/"]?.patch?.requestBody?.content["application/json"]?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual([
      "id",
      "enabled",
      "discount_percent",
      "min_amount",
      "max_amount",
      "promo_note",
      "sell_at_loss",
    ]);
    expect(body?.properties).toMatchObject({
      promo_note: { type: "string", maxLength: 12, title: "Promo note" },
    });
  });
});
