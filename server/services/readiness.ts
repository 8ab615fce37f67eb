import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { type Database, migrationsFolder } from "../db/database";
import { settledBy } from "../deadline";

export type NotReady = { reason: "stopping" | "database" | "migrations"; msg: string };

/** Longer than a healthy database ever takes to answer `select 1`; a probe should not hang on one that does not. */
const pingLimitMs = 3_000;

/**
 * Whether this instance should be sent requests: not while it stops, and only while its database
 * answers and holds every migration of the migrations folder (an instance started against a database
 * another, newer instance migrated past it is fine; one whose migration failed or was skipped is not).
 * The database is asked each time; the migrations only until they were once all there, since they are
 * never undone while the process runs.
 */
export function readinessCheck(db: Database, stopping: () => boolean): () => Promise<NotReady | null> {
  let migrated = false;
  return async () => {
    if (stopping()) return { reason: "stopping", msg: "The server is shutting down." };
    const answered = db.execute(sql`select 1`).then(
      () => true,
      () => false,
    );
    if (!(await settledBy(answered, Date.now() + pingLimitMs)) || !(await answered)) {
      return { reason: "database", msg: "The database does not answer." };
    }
    if (migrated) return null;
    const missing = await missingMigrations(db).catch(() => null);
    if (missing === null)
      return { reason: "migrations", msg: "The database's migrations could not be read." };
    if (missing.length > 0) {
      return { reason: "migrations", msg: `The database lacks ${missing.length} of its migrations.` };
    }
    migrated = true;
    return null;
  };
}

/** The migrations of the folder (by the time drizzle records each under) that the database has no row for. */
async function missingMigrations(db: Database): Promise<number[]> {
  const result = (await db.execute(sql`select created_at from drizzle.__drizzle_migrations`)) as unknown as {
    rows: { created_at: string | number }[];
  };
  const applied = new Set(result.rows.map((row) => Number(row.created_at)));
  return readMigrationFiles({ migrationsFolder })
    .map((migration) => migration.folderMillis)
    .filter((when) => !applied.has(when));
}
