import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/database";
import { providerAlerts } from "../../db/schema";
import type { ProviderAlertKind } from "../../outside/provider";

/** What staff see for each kind, about the provider staff know as `label`: what is wrong and what to do. */
export function alertTitle(kind: ProviderAlertKind, label: string): { title: string; action: string } {
  switch (kind) {
    case "low_balance":
      return {
        title: `${label} wallet too low`,
        action: `Fund the ${label} wallet: purchases there fail and are refunded until it is.`,
      };
    case "account":
      return {
        title: `${label} keys rejected`,
        action: `Check the ${label} account and the API keys: purchases there fail and are refunded until it is fixed.`,
      };
    case "mismatch":
      return {
        title: `${label} answered about another purchase`,
        action:
          "Compare the provider's record with the purchase: it stays pending and no money moves until a requery answers for it.",
      };
  }
}

/** Kinds a delivered purchase proves fixed: the account works again. */
const accountKinds: ProviderAlertKind[] = ["low_balance", "account"];

/** Raised in the same database transaction as the purchase that met the problem. */
export async function raiseProviderAlert(
  tx: Queryable,
  clock: Clock,
  provider: string,
  kind: ProviderAlertKind,
  detail: string,
): Promise<void> {
  const now = clock.now();
  await tx
    .insert(providerAlerts)
    .values({ provider, kind, detail, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [providerAlerts.provider, providerAlerts.kind],
      set: { detail, lastSeenAt: now, occurrences: sql`${providerAlerts.occurrences} + 1` },
    });
}

/**
 * A delivered purchase proves the provider's account works again: the DELETE of its account alerts,
 * unsent, for a step of the delivered purchase's one statement, so clearing costs no round trip of
 * its own (with no alert open it deletes nothing and locks nothing).
 */
export function providerAlertsCleared(tx: Queryable, provider: SQL | string) {
  return tx
    .delete(providerAlerts)
    .where(and(eq(providerAlerts.provider, provider), inArray(providerAlerts.kind, accountKinds)));
}

/** Open alerts, oldest first; `labelOf` names a provider as staff know it. */
export async function listProviderAlerts(db: Queryable, labelOf: (provider: string) => string) {
  const rows = await db.select().from(providerAlerts).orderBy(asc(providerAlerts.firstSeenAt));
  return rows.map((row) => ({
    provider: row.provider,
    kind: row.kind,
    ...alertTitle(row.kind, labelOf(row.provider)),
    detail: row.detail,
    since: row.firstSeenAt.toISOString(),
    last_seen: row.lastSeenAt.toISOString(),
    occurrences: row.occurrences,
  }));
}
