import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database";
import { migrationsFolder } from "../../server/db/database";
import { applySqlFunctions, functionFiles, type ScriptConnection } from "../../server/db/sqlFunctions";
import { openTestDatabase } from "./support/testDatabase";

const functionsFolder = new URL("../../server/db/functions/", import.meta.url);
const textOf = (file: string) => readFileSync(new URL(file, functionsFolder), "utf8");

/** Every function a file defines, with the body between its dollar quotes. */
function definedIn(text: string): { name: string; body: string }[] {
  const found = text.matchAll(/CREATE OR REPLACE FUNCTION (\w+)\([^$]*?AS \$\$([\s\S]*?)\$\$/g);
  return [...found].map(([, name = "", body = ""]) => ({ name, body }));
}
const triggersIn = (text: string) =>
  [...text.matchAll(/CREATE (?:OR REPLACE )?(?:CONSTRAINT )?TRIGGER (\w+)/g)].map((m) => m[1]);

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the money's database functions (server/db/functions)", () => {
  it("are what the database runs, each exactly as its one file writes it", async () => {
    const defined = functionFiles.flatMap((file) => definedIn(textOf(file)));
    expect(defined.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        "lagos_day",
        "post_ledger",
        "purchases_on",
        "purchase_hold",
        "enqueue_key_webhook",
      ]),
    );
    for (const { name, body } of defined) {
      const live = await database.db
        .select({ source: sql<string>`prosrc` })
        .from(sql`pg_proc`)
        .where(sql`proname = ${name}`);
      expect(
        live.map((r) => r.source),
        name,
      ).toEqual([body]);
    }
  });

  it("are defined by no numbered migration", () => {
    const names = functionFiles.flatMap((file) => definedIn(textOf(file)).map((f) => f.name));
    const triggers = functionFiles.flatMap((file) => triggersIn(textOf(file)));
    for (const migration of readdirSync(migrationsFolder).filter((f) => f.endsWith(".sql"))) {
      const text = readFileSync(`${migrationsFolder}/${migration}`, "utf8");
      for (const name of names)
        expect(text, migration).not.toMatch(new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`));
      for (const trigger of triggers)
        expect(text, migration).not.toMatch(new RegExp(`TRIGGER ${trigger}\\b`));
    }
  });

  it("are applied again when their text changes or a migration has run, and not otherwise", async () => {
    const versions = new Map<string, string>();
    const applied: string[] = [];
    const connection: ScriptConnection = {
      async script(text) {
        const recorded = /VALUES \('([\w.]+)', '(\w+)'/.exec(text);
        if (recorded?.[1] && recorded[2]) {
          applied.push(recorded[1]);
          versions.set(recorded[1], recorded[2]);
        }
      },
      rows: async () => [...versions].map(([file, version]) => ({ file, version })),
    };
    await applySqlFunctions(connection, migrationsFolder);
    expect(applied).toEqual([...functionFiles]);

    applied.length = 0;
    await applySqlFunctions(connection, migrationsFolder);
    expect(applied).toEqual([]);

    versions.set("purchase_hold.sql", "the text before a change");
    await applySqlFunctions(connection, migrationsFolder);
    expect(applied).toEqual(["purchase_hold.sql"]);

    // After a new migration (another last journal entry), every file again.
    applied.length = 0;
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, "utf8"));
    const later = mkdtempSync(`${tmpdir()}/ojapay-migrations-`);
    mkdirSync(`${later}/meta`);
    journal.entries.push({ idx: journal.entries.length, tag: "9999_a_later_migration" });
    writeFileSync(`${later}/meta/_journal.json`, JSON.stringify(journal));
    try {
      await applySqlFunctions(connection, later);
    } finally {
      rmSync(later, { recursive: true, force: true });
    }
    expect(applied).toEqual([...functionFiles]);
  });

  it("leave nothing half-applied when a file fails, and say which file", async () => {
    const scripts: string[] = [];
    const failing: ScriptConnection = {
      async script(text) {
        scripts.push(text);
        if (text.includes("CREATE OR REPLACE FUNCTION post_ledger")) throw new Error("syntax error");
      },
      rows: async () => [],
    };
    await expect(applySqlFunctions(failing, migrationsFolder)).rejects.toThrow(
      "db/functions/ledger.sql could not be applied",
    );
    expect(scripts.at(-1)).toBe("ROLLBACK");
    expect(scripts.filter((s) => s.startsWith("BEGIN"))).toHaveLength(2);
  });
});
