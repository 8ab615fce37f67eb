-- A purchase's hold in one round trip (issue 11): the wallet lock, the checks and the writes run inside
-- the database, instead of BEGIN, the lock, the checks, the INSERT and COMMIT as five statements.

-- What a customer has bought since `since`: pending and delivered purchases (a failed, refunded or
-- reversed one gave its money back). The daily limit counts this; `p_kinds` are the purchase kinds
-- (schemas/transactions.ts). It reads the customer's own rows by transactions_user_created_idx.
CREATE FUNCTION purchases_since(p_user_id uuid, p_since timestamptz, p_kinds text[]) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce(sum(total), 0)::bigint FROM transactions
  WHERE user_id = p_user_id AND kind = ANY (p_kinds) AND status IN ('pending', 'successful')
    AND created_at >= p_since
$$;
--> statement-breakpoint

-- Writes rows given as JSON objects keyed by column name (one object, or an array of objects with the
-- same keys) into `tbl`, each column from its key; a column with no key takes its default. Answers the
-- rows written, as JSON.
CREATE FUNCTION insert_json_rows(tbl regclass, rows jsonb) RETURNS SETOF jsonb
LANGUAGE plpgsql AS $$
DECLARE
  all_rows jsonb := CASE jsonb_typeof(rows) WHEN 'array' THEN rows ELSE jsonb_build_array(rows) END;
  columns text;
BEGIN
  SELECT string_agg(quote_ident(key), ', ') INTO columns FROM jsonb_object_keys(all_rows -> 0) AS key;
  RETURN QUERY EXECUTE format(
    'INSERT INTO %s AS written (%s) SELECT %s FROM jsonb_populate_recordset(NULL::%s, $1) RETURNING to_jsonb(written)',
    tbl, columns, columns, tbl
  ) USING all_rows;
END $$;
--> statement-breakpoint

-- The hold of services/purchases/placePurchase.ts. Locks the customer's wallet row, which puts their
-- money-moving requests in single file; then checks, each by a statement of its own, so each sees what
-- the requests before this one wrote: the request id not taken, no same purchase (kind, recipient,
-- total) since `p_duplicate_since` (NULL: the customer allowed it), today's purchases within the daily
-- limit, the balance enough. The first check that fails is answered, and nothing is written; otherwise
-- the rows in `p_rows` are written (the purchase, with the balance before and after, its request id,
-- the hold's ledger transaction and entries, its first event) and the purchase answered.
-- The words of every refusal are the caller's; the answer is JSON with `outcome`.
CREATE FUNCTION purchase_hold(
  p_user_id uuid,
  p_wallet_id uuid,
  p_request_id uuid,
  p_kind text,
  p_recipient text,
  p_total bigint,
  p_duplicate_since timestamptz,
  p_today_began timestamptz,
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

  spent := purchases_since(p_user_id, p_today_began, p_purchase_kinds);
  IF spent + p_total > p_daily_limit THEN
    RETURN jsonb_build_object('outcome', 'over_limit', 'spent_today', spent);
  END IF;

  IF balance < p_total THEN
    RETURN jsonb_build_object('outcome', 'insufficient', 'balance', balance);
  END IF;

  -- The purchase first: the other rows' foreign keys name it.
  SELECT written INTO purchase FROM insert_json_rows(
    'transactions',
    (p_rows -> 'purchase') || jsonb_build_object('balance_before', balance, 'balance_after', balance - p_total)
  ) AS written;
  PERFORM insert_json_rows('idempotency_keys', p_rows -> 'request');
  PERFORM insert_json_rows('ledger_transactions', p_rows -> 'ledger_transaction');
  PERFORM insert_json_rows('ledger_entries', p_rows -> 'entries');
  PERFORM insert_json_rows('transaction_events', p_rows -> 'event');
  RETURN jsonb_build_object('outcome', 'held', 'purchase', purchase);
END $$;
