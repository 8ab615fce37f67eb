-- A purchase's hold in one round trip (issue 11): the wallet lock, the checks and the writes run inside
-- the database, instead of BEGIN, the lock, the checks, the INSERT and COMMIT as five statements; and
-- the daily limit reads one row a customer-day (purchase_days) instead of summing the day's purchases.

CREATE TABLE "purchase_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "purchase_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "purchase_days" ADD CONSTRAINT "purchase_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_user_returned_idx" ON "transactions" USING btree ("user_id","created_at") WHERE "transactions"."status" in ('failed', 'refunded', 'reversed');
--> statement-breakpoint

-- The Lagos calendar day of a moment. Nigeria keeps UTC+1 all year (services/transactions/lagosDays.ts).
CREATE FUNCTION lagos_day(moment timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT ((moment AT TIME ZONE 'UTC') + interval '1 hour')::date
$$;
--> statement-breakpoint

-- What each customer bought on each day before this migration: every purchase, whatever became of it.
INSERT INTO purchase_days (user_id, day, total)
SELECT user_id, lagos_day(created_at), sum(total) FROM transactions
WHERE kind IN ('airtime', 'data', 'tv', 'electricity')
GROUP BY user_id, lagos_day(created_at);
--> statement-breakpoint

-- What a customer's purchases of Lagos day `p_day` come to against the daily limit: everything they
-- bought that day less what gave its money back since (failed, refunded or reversed: by
-- transactions_user_returned_idx, a few rows at most). `p_kinds` are the purchase kinds
-- (schemas/transactions.ts).
CREATE FUNCTION purchases_on(p_user_id uuid, p_day date, p_kinds text[]) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT total FROM purchase_days WHERE user_id = p_user_id AND day = p_day), 0)
    - coalesce((
        SELECT sum(total) FROM transactions
        WHERE user_id = p_user_id AND status IN ('failed', 'refunded', 'reversed') AND kind = ANY (p_kinds)
          AND created_at >= (p_day::timestamp AT TIME ZONE 'UTC') - interval '1 hour'
          AND created_at < (p_day::timestamp AT TIME ZONE 'UTC') + interval '23 hours'
      ), 0)
$$;
--> statement-breakpoint

-- The hold of services/purchases/placePurchase.ts. Locks the customer's wallet row, which puts their
-- money-moving requests in single file; then checks, each by a statement of its own, so each sees what
-- the requests before this one wrote: the request id not taken, no same purchase (kind, recipient,
-- total) since `p_duplicate_since` (NULL: the customer allowed it), the day's purchases within the daily
-- limit (`purchases_on`), the balance enough. The first check that fails is answered, and nothing is written; otherwise
-- the rows in `p_rows` are written (the purchase, with the balance before and after, its request id,
-- the hold's ledger transaction and entries, its first event), the purchase is counted in its day's
-- purchase_days, and the purchase answered.
-- The words of every refusal are the caller's; the answer is JSON with `outcome`.
--
-- `p_rows` holds each row as a JSON object keyed by column name (db/jsonRows.ts). The INSERTs name
-- their columns (so their plans are kept, where INSERTs built for the keys given would be planned on
-- every purchase): a column the process starts giving must be added here too, which
-- tests/server/purchaseHold.test.ts checks by reading back every value it gives.
CREATE FUNCTION purchase_hold(
  p_user_id uuid,
  p_wallet_id uuid,
  p_request_id uuid,
  p_kind text,
  p_recipient text,
  p_total bigint,
  p_duplicate_since timestamptz,
  p_purchase_kinds text[],
  p_daily_limit bigint,
  p_rows jsonb
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  duplicate_of text;
  spent bigint;
  purchase jsonb;
  -- The purchase's Lagos day: the day its limit counts and it is counted in.
  today date := lagos_day((p_rows -> 'purchase' ->> 'created_at')::timestamptz);
BEGIN
  SELECT wallets.balance INTO balance FROM wallets
  WHERE wallets.id = p_wallet_id AND wallets.user_id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('outcome', 'no_wallet');
  END IF;

  IF EXISTS (SELECT FROM idempotency_keys WHERE user_id = p_user_id AND request_id = p_request_id) THEN
    RETURN jsonb_build_object('outcome', 'taken');
  END IF;

  IF p_duplicate_since IS NOT NULL THEN
    SELECT reference INTO duplicate_of FROM transactions
    WHERE user_id = p_user_id AND kind = p_kind AND recipient = p_recipient AND total = p_total
      AND status <> 'failed' AND created_at > p_duplicate_since
    LIMIT 1;
    IF FOUND THEN
      RETURN jsonb_build_object('outcome', 'duplicate', 'duplicate_of', duplicate_of);
    END IF;
  END IF;

  spent := purchases_on(p_user_id, today, p_purchase_kinds);
  IF spent + p_total > p_daily_limit THEN
    RETURN jsonb_build_object('outcome', 'over_limit', 'spent_today', spent);
  END IF;

  IF balance < p_total THEN
    RETURN jsonb_build_object('outcome', 'insufficient', 'balance', balance);
  END IF;

  -- The purchase first: the other rows' foreign keys name it.
  INSERT INTO transactions AS written (
    id, reference, user_id, wallet_id, kind, status, amount, fee, discount, total, cost, description,
    recipient, product, "order", provider, provider_request_id, next_requery_at, customer_name,
    balance_before, balance_after, created_at, updated_at
  )
  SELECT
    id, reference, user_id, wallet_id, kind, status, amount, fee, discount, total, cost, description,
    recipient, product, "order", provider, provider_request_id, next_requery_at, customer_name,
    balance, balance - p_total, created_at, updated_at
  FROM jsonb_populate_record(NULL::transactions, p_rows -> 'purchase')
  RETURNING to_jsonb(written) INTO purchase;

  INSERT INTO idempotency_keys (user_id, request_id, scope, request_hash, transaction_id, completed_at, created_at)
  SELECT user_id, request_id, scope, request_hash, transaction_id, completed_at, created_at
  FROM jsonb_populate_record(NULL::idempotency_keys, p_rows -> 'request');

  INSERT INTO ledger_transactions (id, kind, transaction_id, created_at)
  SELECT id, kind, transaction_id, created_at
  FROM jsonb_populate_record(NULL::ledger_transactions, p_rows -> 'ledger_transaction');

  INSERT INTO ledger_entries (ledger_transaction_id, wallet_id, house_account, amount, created_at)
  SELECT ledger_transaction_id, wallet_id, house_account, amount, created_at
  FROM jsonb_populate_recordset(NULL::ledger_entries, p_rows -> 'entries');

  INSERT INTO transaction_events (transaction_id, status, note, actor_id, created_at)
  SELECT transaction_id, status, note, actor_id, created_at
  FROM jsonb_populate_record(NULL::transaction_events, p_rows -> 'event');

  INSERT INTO purchase_days AS counted (user_id, day, total) VALUES (p_user_id, today, p_total)
  ON CONFLICT (user_id, day) DO UPDATE SET total = counted.total + p_total;

  RETURN jsonb_build_object('outcome', 'held', 'purchase', purchase);
END $$;
