import { connect } from "node:net";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { createLogger } from "../../server/logger";
import { createTestServer } from "./support/testServer";

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

describe("a request its client abandons", () => {
  it("is logged at info as abandoned, with status 499, not as an unexpected error", async () => {
    const server = await createTestServer();
    try {
      const url = new URL(server.origin);
      const socket = connect(Number(url.port), url.hostname);
      socket.on("error", () => {});
      let received = "";
      socket.on("data", (chunk) => {
        received += String(chunk);
      });
      // Node answers 100 Continue as it hands the request to the app: from then on the app is in it.
      socket.write(
        "POST /api/auth/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\nExpect: 100-continue\r\n\r\n",
      );
      for (let i = 0; i < 500 && !received.includes("100 Continue"); i++) await sleep(10);
      expect(received).toContain("100 Continue");
      socket.write('{"email":');
      socket.destroy();

      const abandoned = () => server.logLines.find((line) => line.includes("request abandoned"));
      for (let i = 0; i < 500 && !abandoned(); i++) await sleep(10);
      const line = JSON.parse(abandoned() ?? "{}");
      expect(line).toMatchObject({
        level: 30,
        msg: "request abandoned: the connection closed before the answer",
      });
      const request = server.logLines
        .map((l) => JSON.parse(l))
        .find((l) => l.req_id === line.req_id && l.msg === "request");
      expect(request).toMatchObject({ level: 30, path: "/api/auth/login", status: 499 });
      expect(server.logLines.filter((l) => JSON.parse(l).level >= 50)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
