import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

/**
 * The database functions and triggers the money depends on, each in one file of db/functions/, the
 * text a reader opens being the text the database runs. They are not numbered migrations: after the
 * migrations, each file is applied again whenever its text changes or a migration has run since (a
 * migration may drop what a trigger stands on), in the manner of repeatable migrations. Every file
 * replaces what it defines (`CREATE OR REPLACE`), so applying one twice changes nothing.
 *
 * In this order: a file may call the functions of the files before it.
 */
export const functionFiles = [
  "lagos_day.sql",
  "ledger.sql",
  "purchases_on.sql",
  "purchase_hold.sql",
  "key_webhooks.sql",
  "purchase_sms.sql",
] as const;

/** How the files reach the database: a connection that runs many statements in one text. */
export interface ScriptConnection {
  script(text: string): Promise<void>;
  rows(text: string): Promise<Record<string, unknown>[]>;
}

const applied = "drizzle.sql_functions";

function lastMigration(migrationsFolder: string): string {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8")) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)?.tag ?? "";
}

/** Applies the files whose text changed, or all of them after a new migration; each in a transaction. */
export async function applySqlFunctions(db: ScriptConnection, migrationsFolder: string): Promise<void> {
  await db.script(
    `CREATE TABLE IF NOT EXISTS ${applied} (file text PRIMARY KEY, version text NOT NULL, applied_at timestamptz NOT NULL)`,
  );
  const versions = new Map(
    (await db.rows(`SELECT file, version FROM ${applied}`)).map((r) => [r.file, r.version]),
  );
  const after = lastMigration(migrationsFolder);
  for (const file of functionFiles) {
    const text = readFileSync(new URL(`./functions/${file}`, import.meta.url), "utf8");
    const version = createHash("sha256").update(`${after}\n`).update(text).digest("hex");
    if (versions.get(file) === version) continue;
    // Names and versions are ours (a file name above, a hex digest): nothing to quote.
    const record = `INSERT INTO ${applied} (file, version, applied_at) VALUES ('${file}', '${version}', now())
      ON CONFLICT (file) DO UPDATE SET version = excluded.version, applied_at = excluded.applied_at;`;
    try {
      await db.script(`BEGIN;\n${text}\n;\n${record}\nCOMMIT;`);
    } catch (error) {
      await db.script("ROLLBACK").catch(() => {});
      throw new Error(`db/functions/${file} could not be applied`, { cause: error });
    }
  }
}
