import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/logger";

function capture() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("info", sink), lines };
}

describe("errors in the log", () => {
  it("keep a failed query's parameters out, from the message and from the stack", () => {
    const { logger, lines } = capture();
    // What Drizzle throws: the statement, then its parameters (a search term, an email, a hash).
    const failure = new Error(
      'Failed query: select * from "users" where "email" = $1\nparams: ada.secret@example.com',
    );
    logger.error({ err: failure }, "unexpected error");
    const line = lines.join("");
    expect(line).toContain('Failed query: select * from \\"users\\" where \\"email\\" = $1');
    expect(line).toContain("errorLogging.test.ts");
    expect(line).not.toContain("ada.secret@example.com");
  });
});
