import { and, count, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { purchaseKinds } from "../../../schemas/transactions";
import type { Clock } from "../../clock";
import type { Database } from "../../db/database";
import { transactions, users } from "../../db/schema";
import { addDays, lagosDay, lagosDaySql, lagosDayStart } from "../../lagosCalendar";
import { fieldRefusal } from "../../refusal";
import { disputeCounts } from "../disputes/disputeQueue";
import { listProviderAlerts } from "../routing/providerAlerts";

/**
 * The business's figures, from purchases the provider delivered, including those staff refunded since,
 * and level upgrades (docs/decisions.md, "Revenue"): `count` and `volume` are those and what they took
 * from wallets, `refunds` what staff gave back of it, `cost` what the provider charged for them, and
 * revenue is what is left, volume less refunds less cost. A refunded purchase is in all four, so
 * every row adds up; failed, reversed and pending ones are in none.
 */
const isPurchase = inArray(transactions.kind, [...purchaseKinds]);
/**
 * What the figures count: purchases and level upgrades, whose fee is revenue the moment it is paid
 * (a row of its own in `by_service`, no cost, never refunded).
 */
const soldKinds = [...purchaseKinds, "level_upgrade"] as const;
const isSale = inArray(transactions.kind, [...soldKinds]);
const delivered = sql`${transactions.status} in ('successful', 'refunded')`;
const counted = {
  count: sql<number>`count(*) filter (where ${delivered})::int`,
  volume: sql<string>`coalesce(sum(${transactions.total}) filter (where ${delivered}), 0)`,
  refunds: sql<string>`coalesce(sum(${transactions.total}) filter (where ${transactions.status} = 'refunded'), 0)`,
  cost: sql<string>`coalesce(sum(${transactions.cost}) filter (where ${delivered}), 0)`,
};

type Counted = { count: number; volume: string; refunds: string; cost: string };
const figures = (row: Counted | undefined) => {
  const volume = Number(row?.volume ?? 0);
  const refunds = Number(row?.refunds ?? 0);
  const cost = Number(row?.cost ?? 0);
  return { count: Number(row?.count ?? 0), volume, refunds, cost, revenue: volume - refunds - cost };
};

/** The sales made from `from` (included) to `to` (not), either end open when not given. */
const salesBetween = (from?: Date, to?: Date) =>
  and(
    isSale,
    from ? gte(transactions.createdAt, from) : undefined,
    to ? lt(transactions.createdAt, to) : undefined,
  );

async function totals(db: Database, from?: Date, to?: Date) {
  const [row] = await db.select(counted).from(transactions).where(salesBetween(from, to));
  return figures(row);
}

async function byService(db: Database, from?: Date, to?: Date) {
  const rows = await db
    .select({ kind: transactions.kind, ...counted })
    .from(transactions)
    .where(salesBetween(from, to))
    .groupBy(transactions.kind);
  return soldKinds.map((kind) => ({ kind, ...figures(rows.find((r) => r.kind === kind)) }));
}

async function daily(db: Database, from: string, to: string) {
  const day = sql.raw(lagosDaySql(`"transactions"."created_at"`));
  const rows = await db
    .select({ date: sql<string>`${day}`, ...counted })
    .from(transactions)
    .where(
      and(
        isSale,
        gte(transactions.createdAt, lagosDayStart(from)),
        lt(transactions.createdAt, lagosDayStart(addDays(to, 1))),
      ),
    )
    .groupBy(day);
  return Array.from({ length: daysFrom(from, to) + 1 }, (_, i) => {
    const date = addDays(from, i);
    return { date, ...figures(rows.find((r) => r.date === date)) };
  });
}

const daysFrom = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Counts and totals for today (in Lagos) and all time, per service, and what is pending. */
/** `labelOf` names a provider as staff know it, for its alerts. */
export async function statistics(db: Database, clock: Clock, labelOf: (provider: string) => string) {
  const today = lagosDayStart(lagosDay(clock.now()));
  const [pending] = await db
    .select({ n: count() })
    .from(transactions)
    .where(and(isPurchase, eq(transactions.status, "pending")));
  return {
    today: await totals(db, today),
    all_time: await totals(db),
    pending_count: pending?.n ?? 0,
    by_service: await byService(db),
    provider_alerts: await listProviderAlerts(db, labelOf),
    disputes: await disputeCounts(db, clock.now()),
  };
}

export async function dashboardFigures(db: Database, clock: Clock, labelOf: (provider: string) => string) {
  const todayDay = lagosDay(clock.now());
  const [customers] = await db
    .select({
      total: count(),
      today: sql<number>`count(*) filter (where ${users.createdAt} >= ${lagosDayStart(todayDay).toISOString()}::timestamptz)::int`,
    })
    .from(users)
    .where(eq(users.role, "customer"));
  return {
    ...(await statistics(db, clock, labelOf)),
    daily: await daily(db, addDays(todayDay, -29), todayDay),
    customers: { total: customers?.total ?? 0, joined_today: Number(customers?.today ?? 0) },
  };
}

/** Revenue between two Lagos days (both included; the last 30 days by default), by day and by service. */
export async function revenueReport(
  db: Database,
  clock: Clock,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const to = range.to ?? lagosDay(clock.now());
  const from = range.from ?? addDays(to, -29);
  // The days asked for are within the product's years (schemas/common.ts calendarDay); a lone one is
  // judged with the other filled in, so it cannot ask for centuries of days.
  if (from > to) throw fieldRefusal("from", "The first day must not be after the last.");
  if (daysFrom(from, to) > 366)
    throw fieldRefusal(range.to ? "to" : "from", "Ask for at most a year at a time.");
  const end = lagosDayStart(addDays(to, 1));
  const all = await totals(db, lagosDayStart(from), end);
  return {
    from,
    to,
    ...all,
    days: await daily(db, from, to),
    by_service: await byService(db, lagosDayStart(from), end),
  };
}
