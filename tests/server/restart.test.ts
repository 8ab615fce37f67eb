import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/start";
import { httpApi } from "./support/httpApi";
import { createScratchDatabase, onPostgres } from "./support/testDatabase";
import type { TestMailbox } from "./support/testServer";

const dataDir = mkdtempSync(join(tmpdir(), "ojapay-restart-"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-simulators`, { recursive: true, force: true });
});

describe("the server as npm start runs it", () => {
  it("keeps every account across a stop and a start", async () => {
    const scratch = onPostgres() ? await createScratchDatabase() : undefined;
    const config = loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: "/nonexistent",
      ADMIN_EMAIL: "root@example.com",
      ADMIN_PASSWORD: "root password 1",
      ...(scratch && { DATABASE_URL: scratch.url }),
    });
    const logger = pino({ level: "silent" });
    try {
      const first = await startServer(config, logger);
      const sent: string[] = [];
      (first.deps.mailer as unknown as TestMailbox).send = async (m) => {
        sent.push(m.text);
      };
      const { send: send1 } = httpApi(`http://127.0.0.1:${first.port}`);
      const person = {
        first_name: "Kemi",
        last_name: "Lawal",
        email: "kemi@example.com",
        phone: "08021234567",
        password: "kemi password 3",
      };
      const registered = await send1("POST /auth/register", { body: person });
      const ticket = registered.data?.ticket ?? "";
      // The code's mail leaves through the outbox just after the answer.
      const code = await vi.waitFor(() => {
        const found = sent.at(-1)?.match(/is (\d{6})\b/)?.[1];
        if (!found) throw new Error("no code mailed yet");
        return found;
      });
      const verified = await send1("POST /auth/code/verify", { body: { email: person.email, ticket, code } });
      expect(verified.status).toBe(200);
      await first.stop();

      const second = await startServer(config, logger);
      const { send: send2 } = httpApi(`http://127.0.0.1:${second.port}`);
      const login = await send2("POST /auth/login", {
        body: { email: person.email, password: person.password },
      });
      expect(login.status).toBe(200);
      // Started twice with the same ADMIN_EMAIL: still exactly one admin, who can sign in.
      expect(
        (
          await send2("POST /auth/login", {
            body: { email: "root@example.com", password: "root password 1" },
          })
        ).status,
      ).toBe(200);
      await second.stop();
    } finally {
      await scratch?.drop();
    }
  });
});
