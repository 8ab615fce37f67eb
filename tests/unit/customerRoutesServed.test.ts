import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routeModules } from "../../src/routeModules";

// A page the customer area draws must also be one the server answers when it is opened directly (a
// refresh, a link, a bookmark): otherwise the server says 404 where the app would have drawn it.
const drawn = [
  ...readFileSync("src/pages/customer/CustomerArea.tsx", "utf8").matchAll(/<Route path="([^"]+)"/g),
]
  .map((match) => `/app${match[1]}`.replace(/\/$/, ""))
  .filter((path) => !path.endsWith("*"));
const served = new Set(routeModules.map((route) => route.path));

describe("the customer area's pages", () => {
  it("finds the pages the customer area draws", () => {
    expect(drawn).toContain("/app/exam-pins");
  });

  it.each(drawn)("serves %s when it is opened directly", (path) => {
    expect(served).toContain(path);
  });
});
