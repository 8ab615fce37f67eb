-- Calls made with API keys (issue 27): a key's rate limit keeps its state in the key's row
-- (`bucket_at`, services/apiCallers.ts); a purchase names the key and the dialect it was bought
-- with, for its webhook and the key's daily cap, which purchase_hold now checks with the wallet
-- locked, beside the account's daily limit. The function gains two arguments, so the old one goes.
ALTER TABLE "api_keys" ADD COLUMN "bucket_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "api_dialect" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "api_request" jsonb;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transactions_api_key_created_idx" ON "transactions" USING btree ("api_key_id","created_at") WHERE "transactions"."api_key_id" is not null;--> statement-breakpoint
DROP FUNCTION purchase_hold(uuid, uuid, uuid, text, text, bigint, timestamptz, text[], bigint, jsonb);--> statement-breakpoint
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
  p_rows jsonb,
  p_key_id uuid,
  p_key_cap bigint
) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  balance bigint;
  duplicate_of text;
  spent bigint;
  key_spent bigint;
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

  -- A key's own cap: what it bought today and still holds or delivered. Every purchase of the key
  -- takes its owner's wallet lock above, so the sum cannot change before this purchase is written.
  IF p_key_cap IS NOT NULL THEN
    SELECT coalesce(sum(total), 0) INTO key_spent FROM transactions
    WHERE api_key_id = p_key_id AND status IN ('pending', 'successful')
      AND created_at >= (today::timestamp AT TIME ZONE 'UTC') - interval '1 hour'
      AND created_at < (today::timestamp AT TIME ZONE 'UTC') + interval '23 hours';
    IF key_spent + p_total > p_key_cap THEN
      RETURN jsonb_build_object('outcome', 'over_key_cap', 'spent_today', key_spent);
    END IF;
  END IF;

  IF balance < p_total THEN
    RETURN jsonb_build_object('outcome', 'insufficient', 'balance', balance);
  END IF;

  -- The purchase first: the other rows' foreign keys name it. Its balance before and after are the
  -- locked wallet's.
  INSERT INTO transactions AS written
  SELECT * FROM jsonb_populate_record(
    NULL::transactions,
    p_rows -> 'purchase' || jsonb_build_object('balance_before', balance, 'balance_after', balance - p_total)
  )
  RETURNING to_jsonb(written) INTO purchase;

  INSERT INTO idempotency_keys
  SELECT * FROM jsonb_populate_record(NULL::idempotency_keys, p_rows -> 'request');

  INSERT INTO ledger_transactions
  SELECT * FROM jsonb_populate_record(NULL::ledger_transactions, p_rows -> 'ledger_transaction');

  -- Ledger entries and events are numbered by the database.
  INSERT INTO ledger_entries
  SELECT written_entry.* FROM jsonb_array_elements(p_rows -> 'entries') AS entry,
    LATERAL jsonb_populate_record(
      NULL::ledger_entries,
      entry || jsonb_build_object('id', nextval(pg_get_serial_sequence('ledger_entries', 'id')))
    ) AS written_entry;

  INSERT INTO transaction_events
  SELECT * FROM jsonb_populate_record(
    NULL::transaction_events,
    p_rows -> 'event' || jsonb_build_object('id', nextval(pg_get_serial_sequence('transaction_events', 'id')))
  );

  INSERT INTO purchase_days AS counted (user_id, day, total) VALUES (p_user_id, today, p_total)
  ON CONFLICT (user_id, day) DO UPDATE SET total = counted.total + p_total;

  RETURN jsonb_build_object('outcome', 'held', 'purchase', purchase);
END $$;
