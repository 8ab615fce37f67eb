-- A purchase's hold in one round trip: the hold of server/services/purchases/placePurchase.ts, called
-- through server/services/purchases/holdCall.ts.
--
-- Locks the customer's wallet row, which puts their money-moving requests in single file; then checks,
-- each by a statement of its own, so each sees what the requests before this one wrote:
--   1. the request id not taken (idempotency_keys);
--   2. no same purchase (kind, recipient, total) since `p_duplicate_since` (NULL: the customer allowed it);
--   3. the day's purchases within the daily limit (`purchases_on`, purchases_on.sql);
--   4. an API key's own daily cap (`p_key_cap`, NULL for purchases made without a key);
--   5. the balance enough.
-- The first check that fails is answered as `outcome`, and nothing is written. Otherwise the rows in
-- `p_rows` are written: the purchase (with the locked wallet's balance before and after), its request
-- id, the hold's ledger transaction and entries (through `post_ledger`, ledger.sql), its first event;
-- the purchase is counted in its day's purchase_days, and answered. The words of every refusal are the
-- caller's.
--
-- `p_rows` holds each row whole, as a JSON object keyed by column name (db/jsonRows.ts, `wholeJsonRow`,
-- from the table's one definition in db/schema.ts), and each is inserted as it stands: a column added
-- to a table needs no change here. tests/server/purchaseHold.test.ts reads back every value it gives.
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
      AND created_at >= lagos_day_start(today) AND created_at < lagos_day_start(today + 1);
    IF key_spent + p_total > p_key_cap THEN
      RETURN jsonb_build_object('outcome', 'over_key_cap', 'spent_today', key_spent);
    END IF;
  END IF;

  IF balance < p_total THEN
    RETURN jsonb_build_object('outcome', 'insufficient', 'balance', balance);
  END IF;

  -- The purchase first: the other rows' foreign keys name it.
  INSERT INTO transactions AS written
  SELECT * FROM jsonb_populate_record(
    NULL::transactions,
    p_rows -> 'purchase' || jsonb_build_object('balance_before', balance, 'balance_after', balance - p_total)
  )
  RETURNING to_jsonb(written) INTO purchase;

  INSERT INTO idempotency_keys
  SELECT * FROM jsonb_populate_record(NULL::idempotency_keys, p_rows -> 'request');

  PERFORM post_ledger(p_rows -> 'ledger_transaction', p_rows -> 'entries');

  -- Events are numbered by the database.
  INSERT INTO transaction_events
  SELECT * FROM jsonb_populate_record(
    NULL::transaction_events,
    p_rows -> 'event' || jsonb_build_object('id', nextval(pg_get_serial_sequence('transaction_events', 'id')))
  );

  INSERT INTO purchase_days AS counted (user_id, day, total) VALUES (p_user_id, today, p_total)
  ON CONFLICT (user_id, day) DO UPDATE SET total = counted.total + p_total;

  RETURN jsonb_build_object('outcome', 'held', 'purchase', purchase);
END $$;
