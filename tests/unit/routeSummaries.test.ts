import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routeSummariesOut } from "../../build/routeSummaries";

// The web app's build empties the route contracts' summaries (the OpenAPI document's words, written
// by the server from the sources): every one, whatever quotes it is written in, and nothing else.

const folder = "schemas/routes";
const transform = routeSummariesOut().transform as (code: string, id: string) => { code: string } | null;

describe("the route summaries left out of the web app's build", () => {
  it("empties every summary of every route file and keeps the rest of the file as written", () => {
    let emptied = 0;
    for (const file of readdirSync(folder)) {
      const code = readFileSync(`${folder}/${file}`, "utf8");
      const written = [...code.matchAll(/\bsummary:\s*[`"]/g)].length;
      const out = transform(code, `/app/${folder}/${file}`)?.code ?? code;
      expect([...out.matchAll(/\bsummary:\s*""/g)].length, file).toBe(written);
      // What is left of a summary is the empty string; no quote of one is left behind.
      expect(out.replace(/\bsummary:\s*""/g, "").split("`").length % 2, file).toBe(1);
      expect(out.replace(/\bsummary:(\s*)""/g, "").length, file).toBeLessThanOrEqual(code.length);
      emptied += written;
    }
    expect(emptied).toBeGreaterThan(100);
  });

  it("leaves other modules alone", () => {
    expect(transform('const x = { summary: "kept" };', "/app/src/pages/x.ts")).toBeNull();
  });
});
