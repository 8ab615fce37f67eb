import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { providerOutcomes, providerStates } from "../../db/schema";
import type { ProviderResult } from "../../outside/provider";

/**
 * How a provider's answer to a purchase counts for its health and its circuit: delivered, a definite
 * failure (a refused connection among them), or unclear. A time limit passed or a connection broken
 * (`unanswered`) counts against the circuit like a failure; an answer of "processing" does not.
 */
export function outcomeOf(answer: ProviderResult): {
  outcome: "successful" | "failed" | "unclear";
  breaks: boolean;
} {
  if (answer.status === "successful") return { outcome: "successful", breaks: false };
  if (answer.status === "failed" || answer.status === "reversed") return { outcome: "failed", breaks: true };
  return { outcome: "unclear", breaks: Boolean(answer.unanswered) };
}

/** Values a health write takes; each may be a placeholder of a prepared statement. */
type Given<T> = SQL | Placeholder | T;

export interface HealthValues {
  provider: Given<string>;
  service: Given<string>;
  latencyMs: Given<number>;
  at: Given<Date>;
}

const value = (v: Given<string | number | Date>) => (v instanceof Date ? sql`${v.toISOString()}` : sql`${v}`);

/**
 * The answer, kept for the 30-minute health window (rows older than a day are pruned by the worker);
 * written only `when` holds (a step of a statement that may have settled nothing).
 */
export function outcomeInsert(outcome: Given<string>, v: HealthValues, when: SQL = sql`true`) {
  const o = providerOutcomes;
  return sql`insert into ${o} (${sql.identifier(o.provider.name)}, ${sql.identifier(o.service.name)}, ${sql.identifier(o.outcome.name)}, ${sql.identifier(o.latencyMs.name)}, ${sql.identifier(o.at.name)})
    select ${value(v.provider)}, ${value(v.service)}, ${value(outcome)}, ${value(v.latencyMs)}::integer, ${value(v.at)}::timestamptz
    where ${when}`;
}

/** A delivery closes the provider's circuit: no write at all when it was closed already. */
export function circuitClosed(provider: Given<string>, when: SQL = sql`true`) {
  const s = providerStates;
  return sql`update ${s} set ${sql.identifier(s.failuresInRow.name)} = 0, ${sql.identifier(s.circuitOpenUntil.name)} = null
    where ${s.provider} = ${value(provider)} and (${s.failuresInRow} <> 0 or ${s.circuitOpenUntil} is not null) and ${when}`;
}

/**
 * One more failure in a row; at the provider's threshold the circuit opens for its minutes (a probe
 * that failed keeps it open as long again). The row is made on first need.
 */
export function circuitFailed(provider: Given<string>, at: Given<Date>) {
  const s = providerStates;
  const failures = sql.identifier(s.failuresInRow.name);
  const openUntil = sql.identifier(s.circuitOpenUntil.name);
  return sql`insert into ${s} (${sql.identifier(s.provider.name)}, ${failures}, ${sql.identifier(s.updatedAt.name)})
    values (${value(provider)}, 1, ${value(at)}::timestamptz)
    on conflict (${sql.identifier(s.provider.name)}) do update set
      ${failures} = ${s.failuresInRow} + 1,
      ${openUntil} = case when ${s.failuresInRow} + 1 >= ${s.circuitFailures}
        then ${value(at)}::timestamptz + ${s.circuitMinutes} * interval '1 minute' else ${s.circuitOpenUntil} end`;
}
