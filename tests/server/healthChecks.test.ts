import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import type { DatabaseHandle } from "../../server/db/database";
import { serverForFile } from "./support/serverForFile";
import { openTestDatabase } from "./support/testDatabase";

const server = serverForFile();

/** The app over a database of the test's own, which it may break. */
async function appOn(database: DatabaseHandle, options: { stopping?: () => boolean } = {}) {
  return createApp({ ...server.deps, db: database.db }, { serveSpa: false, ...options });
}

const get = async (app: { request(path: string): Response | Promise<Response> }, path: string) => {
  const res = await app.request(path);
  return { status: res.status, body: await res.json() };
};

const ready = { status: 200, body: { status: true, msg: "Ready.", data: null } };
const notReady = (reason: string, msg: string) => ({
  status: 503,
  body: { status: false, code: "service_unavailable", msg, data: { reason }, req_id: expect.any(String) },
});

describe("the health checks", () => {
  it("answer outside /api, without a session, and write no request log line", async () => {
    const before = server.logLines.length;
    expect(await get(server.app, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
    expect(await get(server.app, "/readyz")).toEqual(ready);
    expect(await get(server.app, "/readyz/")).toEqual(ready);
    // Under /api the session gate answers an unknown path 404: these are not API paths.
    expect((await get(server.app, "/api/healthz/")).status).toBe(404);
    const logged = server.logLines.slice(before);
    expect(logged.filter((line) => /"path":"\/(healthz|readyz)/.test(line))).toEqual([]);
    expect(logged.filter((line) => line.includes('"path":"/api/healthz'))).toHaveLength(1);
  });

  it("says not ready while a migration of the folder is missing from the database, and ready once it is there", async () => {
    const database = await openTestDatabase();
    try {
      const newest = (await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations
            where created_at = (select max(created_at) from drizzle.__drizzle_migrations)
            returning hash, created_at`,
      )) as unknown as { rows: { hash: string; created_at: string }[] };
      const [row] = newest.rows;
      if (!row) throw new Error("the test database has no migrations recorded");
      const app = await appOn(database);
      expect(await get(app, "/readyz")).toEqual(
        notReady("migrations", "The database lacks 1 of its migrations."),
      );
      // The live check asks nothing of the database.
      expect((await get(app, "/healthz")).status).toBe(200);

      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row.hash}, ${row.created_at})`,
      );
      expect(await get(app, "/readyz")).toEqual(ready);
    } finally {
      await database.close();
    }
  });

  it("says not ready once the database is closed, though the migrations were checked before", async () => {
    const database = await openTestDatabase();
    const app = await appOn(database);
    expect(await get(app, "/readyz")).toEqual(ready);
    await database.close();
    expect(await get(app, "/readyz")).toEqual(notReady("database", "The database does not answer."));
    expect(await get(app, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("says not ready while the server is stopping, and live still", async () => {
    let stopping = false;
    const app = createApp(server.deps, { serveSpa: false, stopping: () => stopping });
    expect(await get(app, "/readyz")).toEqual(ready);
    stopping = true;
    expect(await get(app, "/readyz")).toEqual(notReady("stopping", "The server is shutting down."));
    expect(await get(app, "/healthz")).toEqual({ status: 200, body: { status: "ok" } });
  });
});
