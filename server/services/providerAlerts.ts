import { asc, sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Queryable, Transaction } from "../db/database";
import { providerAlerts } from "../db/schema";
import type { ProviderAlertKind } from "../outside/provider";

/** What staff see for each kind: a title that says what is wrong and what to do about it. */
export const alertTitles: Record<ProviderAlertKind, { title: string; action: string }> = {
  low_balance: {
    title: "Provider wallet too low",
    action: "Fund the VTpass wallet: purchases fail and are refunded until it is.",
  },
  account: {
    title: "Provider keys rejected",
    action: "Check the VTpass account and the API keys: purchases fail and are refunded until it is fixed.",
  },
  mismatch: {
    title: "Provider answered about another purchase",
    action:
      "Compare the provider's record with the purchase: the purchase stays pending and no money moves until a requery answers for it.",
  },
};

/** Raised in the same database transaction as the purchase that met the problem. */
export async function raiseProviderAlert(
  tx: Transaction,
  clock: Clock,
  kind: ProviderAlertKind,
  detail: string,
): Promise<void> {
  const now = clock.now();
  await tx
    .insert(providerAlerts)
    .values({ kind, detail, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: providerAlerts.kind,
      set: { detail, lastSeenAt: now, occurrences: sql`${providerAlerts.occurrences} + 1` },
    });
}

/** A delivered purchase proves the account works again. */
export async function clearProviderAlerts(tx: Transaction): Promise<void> {
  await providerAlertsCleared(tx);
}

/**
 * The DELETE of `clearProviderAlerts`, unsent: a step of the delivered purchase's one statement, so
 * clearing costs no round trip of its own (with no alert open it deletes nothing and locks nothing).
 */
export function providerAlertsCleared(tx: Transaction) {
  return tx.delete(providerAlerts);
}

export async function listProviderAlerts(db: Queryable) {
  const rows = await db.select().from(providerAlerts).orderBy(asc(providerAlerts.firstSeenAt));
  return rows.map((row) => ({
    kind: row.kind,
    ...alertTitles[row.kind],
    detail: row.detail,
    since: row.firstSeenAt.toISOString(),
    last_seen: row.lastSeenAt.toISOString(),
    occurrences: row.occurrences,
  }));
}
