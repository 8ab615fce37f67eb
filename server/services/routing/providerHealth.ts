import { type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
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
  /** Whether it counts towards opening the circuit (`outcomeOf`'s `breaks`); not, by default. */
  breaks?: Given<boolean>;
}

const value = (v: Given<string | number | boolean | Date>) =>
  v instanceof Date ? sql`${v.toISOString()}` : sql`${v}`;
const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * The answer, kept for the 30-minute health window and the circuit's count (rows older than a day are
 * pruned by the worker); written only `when` holds (a step of a statement that may have settled nothing).
 */
export function outcomeInsert(outcome: Given<string>, v: HealthValues, when: SQL = sql`true`) {
  const o = providerOutcomes;
  return sql`insert into ${o} (${column(o.provider)}, ${column(o.service)}, ${column(o.outcome)}, ${column(o.breaks)}, ${column(o.latencyMs)}, ${column(o.at)})
    select ${value(v.provider)}, ${value(v.service)}, ${value(outcome)}, ${value(v.breaks ?? false)}::boolean, ${value(v.latencyMs)}::integer, ${value(v.at)}::timestamptz
    where ${when}`;
}

/**
 * The provider's failures in a row: its answers that count towards the circuit since its last
 * delivery and since staff last closed the circuit by hand. Counted from provider_outcomes, not kept
 * on the provider's one provider_states row, which every purchase would otherwise write (a failure
 * counted, the count reset by the next delivery) and wait on. An answer written in the same statement
 * is not counted: a statement sees the rows as they were when it began.
 */
export function failuresInRow(provider: SQLWrapper) {
  const o = providerOutcomes;
  const s = providerStates;
  const [at, id] = [column(o.at), column(o.id)];
  // After the last delivery by time, then by id: answers in one millisecond keep the order written.
  return sql<number>`(select count(*)::int from (select 1) as one
    left join (select ${at}, ${id} from ${o} as last
      where last.${column(o.provider)} = ${provider} and last.${column(o.outcome)} = 'successful'
      order by ${at} desc, ${id} desc limit 1) as delivered on true
    join ${o} as counted on counted.${column(o.provider)} = ${provider} and counted.${column(o.breaks)}
      and (delivered.${id} is null or (counted.${at}, counted.${id}) > (delivered.${at}, delivered.${id}))
    where counted.${at} > coalesce((select since.${column(s.circuitCountedFrom)} from ${s} as since
      where since.${column(s.provider)} = ${provider}), '-infinity'))`;
}

/** A delivery closes the provider's circuit: no write at all when it was closed already. */
export function circuitClosed(provider: Given<string>, when: SQL = sql`true`) {
  const s = providerStates;
  return sql`update ${s} set ${column(s.circuitOpenUntil)} = null
    where ${s.provider} = ${value(provider)} and ${s.circuitOpenUntil} is not null and ${when}`;
}

/**
 * A failure that makes the provider's failures in a row reach its threshold opens the circuit for its
 * minutes (a probe that failed keeps it open as long again); below the threshold nothing is written.
 * Run in the statement that writes the failure's own outcome, which it counts as one more.
 */
export function circuitFailed(provider: Given<string>, at: Given<Date>) {
  const s = providerStates;
  const name = value(provider);
  // The provider's row is made here when the background worker has not made it yet, with its defaults.
  const threshold = sql`coalesce(${s.circuitFailures}, ${sql.raw(String(s.circuitFailures.default))})`;
  const minutes = sql`coalesce(${s.circuitMinutes}, ${sql.raw(String(s.circuitMinutes.default))})`;
  return sql`insert into ${s} (${column(s.provider)}, ${column(s.circuitOpenUntil)}, ${column(s.updatedAt)})
    select ${name}, ${value(at)}::timestamptz + ${minutes} * interval '1 minute', ${value(at)}::timestamptz
    from (select 1) as one left join ${s} on ${s.provider} = ${name}
    where ${failuresInRow(name)} + 1 >= ${threshold}
    on conflict (${column(s.provider)}) do update set ${column(s.circuitOpenUntil)} = excluded.${column(s.circuitOpenUntil)}`;
}
