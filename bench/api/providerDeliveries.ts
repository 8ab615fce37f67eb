import { and, count, eq, gte, lte } from "drizzle-orm";
import type { Database } from "../../server/db/database";
import { providerStates, transactions } from "../../server/db/schema";

/**
 * The airtime purchases delivered between `from` and `to` (by when each was made), by the provider that
 * delivered them: the one a purchase ended with, after any failover. Read from the app's own books
 * rather than the simulators' counts, so it is what the customer was sold.
 */
export async function deliveriesByProvider(
  db: Database,
  from: Date,
  to: Date,
): Promise<Record<string, number>> {
  const t = transactions;
  const rows = await db
    .select({ provider: t.provider, delivered: count() })
    .from(t)
    .where(
      and(eq(t.kind, "airtime"), eq(t.status, "successful"), gte(t.createdAt, from), lte(t.createdAt, to)),
    )
    .groupBy(t.provider);
  return Object.fromEntries(rows.map((row) => [row.provider ?? "none", row.delivered]));
}

/**
 * Closes a provider's circuit if the run's refusals opened it (5 definite failures in a row open it
 * for 5 minutes, docs/routing.md), as staff would: the points after it measure one healthy VTpass,
 * not the vendor alone. Answers whether it was open.
 */
export async function closeCircuit(db: Database, provider: string): Promise<boolean> {
  const s = providerStates;
  const [state] = await db.select({ openUntil: s.circuitOpenUntil }).from(s).where(eq(s.provider, provider));
  await db
    .update(s)
    .set({ circuitOpenUntil: null, circuitCountedFrom: new Date() })
    .where(eq(s.provider, provider));
  return Boolean(state?.openUntil);
}
