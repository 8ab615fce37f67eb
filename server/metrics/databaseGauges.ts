import { and, count, eq, inArray, isNotNull, isNull, min } from "drizzle-orm";
import { Gauge, type Registry } from "prom-client";
import { purchaseKinds } from "../../schemas/transactions";
import type { Clock } from "../clock";
import type { Database } from "../db/database";
import { mailOutbox, providerStates, smsMessages, transactions } from "../db/schema";
import { sharedRead } from "./sharedRead";

/**
 * What the database holds, read when Prometheus scrapes, so every instance reports the shared truth:
 * one statement for pending purchases, one for the providers' balances, one for each outbox.
 */
export function databaseGauges(registry: Registry, deps: { db: Database; clock: Clock }) {
  const registers = [registry];
  const pending = sharedRead(async () => {
    // A pending purchase always has its next requery booked: the partial index on it answers this.
    const [row] = await deps.db
      .select({ pending: count(), oldest: min(transactions.createdAt) })
      .from(transactions)
      .where(
        and(
          isNotNull(transactions.nextRequeryAt),
          eq(transactions.status, "pending"),
          inArray(transactions.kind, [...purchaseKinds]),
        ),
      );
    const oldest = row?.oldest ? new Date(row.oldest) : null;
    return {
      pending: row?.pending ?? 0,
      oldestSeconds: oldest ? Math.max(0, (deps.clock.now().getTime() - oldest.getTime()) / 1000) : 0,
    };
  });
  new Gauge({
    name: "ojapay_purchases_pending",
    help: "Purchases waiting for their provider's final answer, their money held.",
    registers,
    async collect() {
      this.set((await pending()).pending);
    },
  });
  new Gauge({
    name: "ojapay_purchases_pending_oldest_seconds",
    help: "Age of the oldest pending purchase; 0 when none is pending.",
    registers,
    async collect() {
      this.set((await pending()).oldestSeconds);
    },
  });

  const balances = sharedRead(() =>
    deps.db
      .select({
        provider: providerStates.provider,
        balance: providerStates.balance,
        warning: providerStates.lowBalanceWarning,
      })
      .from(providerStates),
  );
  new Gauge({
    name: "ojapay_provider_balance_kobo",
    help: "Each provider's balance with us as last read by the background work, in kobo.",
    labelNames: ["provider"],
    registers,
    async collect() {
      const rows = await balances();
      this.reset();
      for (const row of rows) if (row.balance !== null) this.set({ provider: row.provider }, row.balance);
    },
  });
  new Gauge({
    name: "ojapay_provider_low_balance_warning_kobo",
    help: "The balance below which staff are warned about a provider, in kobo.",
    labelNames: ["provider"],
    registers,
    async collect() {
      const rows = await balances();
      this.reset();
      for (const row of rows) this.set({ provider: row.provider }, row.warning);
    },
  });

  new Gauge({
    name: "ojapay_mail_outbox_depth",
    help: "Mail in the outbox not yet sent and not given up on.",
    registers,
    async collect() {
      const [row] = await deps.db
        .select({ waiting: count() })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.gaveUpAt)));
      this.set(row?.waiting ?? 0);
    },
  });

  new Gauge({
    name: "ojapay_sms_outbox_depth",
    help: "SMS in the outbox not yet sent and not given up on.",
    registers,
    async collect() {
      const [row] = await deps.db
        .select({ waiting: count() })
        .from(smsMessages)
        .where(and(isNull(smsMessages.sentAt), isNull(smsMessages.gaveUpAt)));
      this.set(row?.waiting ?? 0);
    },
  });
}
