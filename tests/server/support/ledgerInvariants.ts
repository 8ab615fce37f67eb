import { sql } from "drizzle-orm";
import { expect } from "vitest";
import type { Database } from "../../../server/db/database";

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * The money rules, read back from the database: every ledger transaction sums to zero, every cached
 * balance equals its entries, no balance is negative, no request id made two transactions, no pending
 * purchase has had money returned, and every settled purchase moved its money exactly once.
 */
export async function expectLedgerConsistent(db: Database) {
  const unbalanced = await rows(
    db,
    sql`select ledger_transaction_id, sum(amount) as off from ledger_entries group by 1 having sum(amount) <> 0`,
  );
  expect(unbalanced, "ledger transactions that do not sum to zero").toEqual([]);

  const drifted = await rows(
    db,
    sql`select w.id, w.balance, coalesce(sum(e.amount), 0) as entries
        from wallets w left join ledger_entries e on e.wallet_id = w.id
        group by w.id, w.balance having w.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(drifted, "wallets whose cached balance differs from their entries").toEqual([]);

  const negative = await rows(db, sql`select id, balance from wallets where balance < 0`);
  expect(negative, "negative balances").toEqual([]);

  const twice = await rows(
    db,
    sql`select user_id, request_id, count(*) from idempotency_keys group by 1, 2 having count(*) > 1`,
  );
  expect(twice, "request ids that acted twice").toEqual([]);

  const refundedWhilePending = await rows(
    db,
    sql`select t.reference from transactions t join ledger_transactions l on l.transaction_id = t.id
        where t.status = 'pending' and l.kind in ('purchase_returned', 'purchase_reversed')`,
  );
  expect(refundedWhilePending, "pending purchases whose money was returned").toEqual([]);

  // Each purchase is held once; settled ones are delivered or returned exactly once; pending ones neither;
  // a reversed one came back exactly once, whether or not it had been delivered first; a delivered one
  // is reversed only in the books, once, after a dispute sent it again at the business's cost.
  const wrongShape = await rows(
    db,
    sql`select t.reference, t.status,
          count(*) filter (where l.kind = 'purchase_hold') as holds,
          count(*) filter (where l.kind = 'purchase_delivered') as delivered,
          count(*) filter (where l.kind = 'purchase_returned') as returned,
          count(*) filter (where l.kind = 'purchase_reversed') as reversed
        from transactions t left join ledger_transactions l on l.transaction_id = t.id
        where t.kind in ('airtime', 'data', 'tv', 'electricity')
        group by t.id, t.reference, t.status
        having count(*) filter (where l.kind = 'purchase_hold') <> 1
          or count(*) filter (where l.kind = 'purchase_reversed') > 1
          or (t.status = 'successful' and (count(*) filter (where l.kind = 'purchase_delivered') <> 1 or count(*) filter (where l.kind = 'purchase_returned') <> 0
              or (count(*) filter (where l.kind = 'purchase_reversed') <> 0
                  and not exists (select 1 from disputes d where d.transaction_id = t.id and d.status = 'resolved_redeliver'))))
          or (t.status = 'failed' and (count(*) filter (where l.kind = 'purchase_returned') <> 1 or count(*) filter (where l.kind in ('purchase_delivered', 'purchase_reversed')) <> 0))
          or (t.status = 'pending' and count(*) filter (where l.kind in ('purchase_delivered', 'purchase_returned', 'purchase_reversed')) <> 0)
          or (t.status = 'refunded' and (count(*) filter (where l.kind = 'purchase_delivered') <> 1 or count(*) filter (where l.kind = 'purchase_returned') <> 0))
          or (t.status = 'reversed' and (count(*) filter (where l.kind = 'purchase_reversed') <> 1 or count(*) filter (where l.kind = 'purchase_returned') <> 0))`,
  );
  expect(wrongShape, "purchases whose money moved the wrong number of times").toEqual([]);

  const fundedTwice = await rows(
    db,
    sql`select t.reference from transactions t join ledger_transactions l on l.transaction_id = t.id
        where t.kind = 'funding' group by t.reference, t.status
        having count(*) <> case when t.status = 'successful' then 1 else 0 end`,
  );
  expect(fundedTwice, "fundings credited other than once when successful, never otherwise").toEqual([]);

  // A refund (or a bonus) is its own transaction, paid exactly once.
  const paidOddly = await rows(
    db,
    sql`select t.reference from transactions t left join ledger_transactions l on l.transaction_id = t.id
        where t.kind in ('refund', 'bonus') group by t.reference having count(l.id) <> 1`,
  );
  expect(paidOddly, "refunds or bonuses paid other than once").toEqual([]);
  const refundedTwice = await rows(
    db,
    sql`select description from transactions where kind = 'refund' group by description having count(*) > 1`,
  );
  expect(refundedTwice, "purchases refunded more than once").toEqual([]);
}

/**
 * The same balances computed another way, from the customer-facing transactions alone: money in
 * (successful fundings, refunds and bonuses) less money out (purchases not failed; a refunded one
 * left the wallet and its refund came back as a transaction of its own). A dispute's redelivery is
 * paid by the business, not the wallet, and made by staff rather than a request id.
 */
export async function expectBalancesMatchTransactions(db: Database) {
  const mismatched = await rows(
    db,
    sql`select w.id, w.balance,
          coalesce(sum(t.total) filter (where t.kind in ('funding', 'refund', 'bonus') and t.status = 'successful'), 0)
          - coalesce(sum(t.total) filter (where t.kind in ('airtime', 'data', 'tv', 'electricity') and t.status in ('pending', 'successful', 'refunded') and not t.paid_by_house), 0) as expected
        from wallets w left join transactions t on t.wallet_id = w.id
        group by w.id, w.balance
        having w.balance <> coalesce(sum(t.total) filter (where t.kind in ('funding', 'refund', 'bonus') and t.status = 'successful'), 0)
          - coalesce(sum(t.total) filter (where t.kind in ('airtime', 'data', 'tv', 'electricity') and t.status in ('pending', 'successful', 'refunded') and not t.paid_by_house), 0)`,
  );
  expect(mismatched, "wallets whose balance is not what their transactions say").toEqual([]);

  const keyless = await rows(
    db,
    sql`select t.reference from transactions t left join idempotency_keys k on k.transaction_id = t.id
        where t.kind in ('airtime', 'data', 'tv', 'electricity') and not t.paid_by_house
        group by t.reference having count(k.request_id) <> 1`,
  );
  expect(keyless, "purchases not made by exactly one request id").toEqual([]);
}

export async function walletBalance(db: Database, userId: string): Promise<number> {
  const [row] = await rows<{ balance: string }>(
    db,
    sql`select balance from wallets where user_id = ${userId}`,
  );
  return Number(row?.balance);
}
