import { afterEach, describe, expect, it } from "vitest";
import type { DataCatalogue } from "../../schemas/catalogue";
import { catalogueMirror } from "../../src/storage/catalogueMirror";
import { clientStore } from "../../src/storage/clientStore";

afterEach(() => localStorage.clear());

const data: DataCatalogue = {
  kind: "data",
  networks: [{ id: 1, name: "MTN", enabled: true }],
  plans: [
    {
      id: 7,
      control_id: 1,
      name: "1GB",
      size: "1GB",
      validity: "30 days",
      category: "monthly",
      plan_type: "direct",
      price: 30_000,
    },
  ],
};

describe("the catalogue mirror (spec section 3)", () => {
  it("keeps each wizard's catalogue under the spec's keys and gives it back", () => {
    catalogueMirror.write(data);
    expect(JSON.parse(localStorage.getItem("dataControl") ?? "null")).toEqual(data.networks);
    expect(JSON.parse(localStorage.getItem("dataPlans") ?? "null")).toEqual(data.plans);
    expect(catalogueMirror.read("data")).toEqual(data);
    expect(catalogueMirror.read("tv")).toBeNull();
  });

  it("gives nothing back for a part that is missing or not what the schema accepts", () => {
    catalogueMirror.write(data);
    localStorage.setItem("dataPlans", JSON.stringify([{ id: "seven" }]));
    expect(catalogueMirror.read("data")).toBeNull();
    localStorage.removeItem("dataPlans");
    expect(catalogueMirror.read("data")).toBeNull();
    localStorage.setItem("airtimeControl", "{not json");
    expect(catalogueMirror.read("airtime")).toBeNull();
  });

  it("is forgotten with everything else at sign-out", () => {
    catalogueMirror.write(data);
    clientStore.clear();
    expect(catalogueMirror.read("data")).toBeNull();
    expect(localStorage.length).toBe(0);
  });
});
