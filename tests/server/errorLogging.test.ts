import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
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

describe("settings in the log", () => {
  it("keep the PIN keys out, whether the settings or the parsed keys are logged", () => {
    const { logger, lines } = capture();
    const secret = "7e11".repeat(16);
    const env = { PIN_KEYS: `2026a:${secret}` };
    logger.info({ env }, "settings");
    logger.warn({ config: { pinKeys: loadConfig(env).pinKeys } }, "configuration");
    const logged = lines.join("");
    expect(logged).toContain('"PIN_KEYS":"[redacted]"');
    expect(logged).toContain('"pinKeys":"[redacted]"');
    expect(logged).not.toContain(secret);
    expect(logged).not.toContain(Buffer.from(secret, "hex").toString("base64"));
  });
});
