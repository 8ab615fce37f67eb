import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { startServer } from "../../server/start";
import { createScratchDatabase, onPostgres } from "./support/testDatabase";
import type { TestMailbox } from "./support/testServer";

const dataDir = mkdtempSync(join(tmpdir(), "ojapay-restart-"));
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(`${dataDir}-simulators`, { recursive: true, force: true });
});

async function post(base: string, path: string, body: unknown) {
  const res = await fetch(`${base}/api/${path}`, { method: "POST", body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: { token?: string } } };
}

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
      const base1 = `http://127.0.0.1:${first.port}`;
      const person = {
        first_name: "Kemi",
        last_name: "Lawal",
        email: "kemi@example.com",
        phone: "08021234567",
        password: "kemi password 3",
      };
      expect((await post(base1, "auth/register/", person)).status).toBe(201);
      const code = sent.at(-1)?.match(/\b(\d{6})\b/)?.[1];
      expect((await post(base1, "auth/code/verify/", { email: person.email, code })).status).toBe(200);
      await first.stop();

      const second = await startServer(config, logger);
      const base2 = `http://127.0.0.1:${second.port}`;
      const login = await post(base2, "auth/login/", { email: person.email, password: person.password });
      expect(login.status).toBe(200);
      // Started twice with the same ADMIN_EMAIL: still exactly one admin, who can sign in.
      expect(
        (await post(base2, "auth/login/", { email: "root@example.com", password: "root password 1" })).status,
      ).toBe(200);
      await second.stop();
    } finally {
      await scratch?.drop();
    }
  });
});
