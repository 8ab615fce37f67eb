import { describe, expect, it } from "vitest";
import { pathMatcher } from "../../server/http/route";

describe("pathMatcher", () => {
  const known = pathMatcher([
    "/status",
    "/openapi.json",
    "/core/customer/transactions/:reference",
    "/sys.admin/users/:id",
  ]);

  it("knows each fixed path and each path with parameters, a parameter being one segment", () => {
    expect(known("/status")).toBe(true);
    expect(known("/openapi.json")).toBe(true);
    expect(known("/core/customer/transactions/OJ-123")).toBe(true);
    expect(known("/sys.admin/users/0f3c")).toBe(true);
    expect(known("/core/customer/transactions/a/b")).toBe(false);
    expect(known("/core/customer/transactions/")).toBe(false);
  });

  it("takes a dot as a dot, not as any character", () => {
    expect(known("/openapiXjson")).toBe(false);
    expect(known("/sysXadmin/users/0f3c")).toBe(false);
  });

  it("knows nothing else", () => {
    expect(known("/")).toBe(false);
    expect(known("/status/more")).toBe(false);
    expect(known("/statu")).toBe(false);
  });
});
