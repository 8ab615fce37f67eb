-- purchase_hold (migration 0009) wrote each row through an INSERT naming its columns, a list the
-- process's rows had to be kept in step with by hand. Now the process gives every column of each row
-- (db/jsonRows.ts, `wholeJsonRow`, from the table's one definition in db/schema.ts) and the function
-- inserts the row whole: a column added to a table needs no change here. The checks are unchanged.
CREATE OR REPLACE FUNCTION purchase_hold(
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
