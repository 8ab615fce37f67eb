/**
 * What the server projects' global setups hand to their test files, through vitest's
 * provide/inject: the databases are made once per run, not once per file.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** server:postgres: the Postgres server, and the migrated database each file's database is copied from. */
    postgres: { serverUrl: string; template: string };
    /** server:pglite: a migrated PGlite data directory (a tarball), which each file loads instead of migrating. */
    pgliteSnapshot: string;
    /** e2e: a migrated PGlite data directory, copied for each app the browser tests start. */
    appDataDir: string;
  }
}

export {};
