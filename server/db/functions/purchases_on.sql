-- What a customer's purchases of Lagos day `p_day` come to against the daily limit: everything they
-- bought that day (purchase_days, counted by purchase_hold) less what gave its money back since
-- (failed, refunded or reversed: by transactions_user_returned_idx, a few rows at most). A redelivery
-- the business paid for (paid_by_house, a dispute's) was never counted, so its failure gives nothing
-- back. `p_kinds` are the purchase kinds (schemas/transactions.ts). Read by purchase_hold and by
-- server/services/kyc/tierLimits.ts for the limits a customer sees.
CREATE OR REPLACE FUNCTION purchases_on(p_user_id uuid, p_day date, p_kinds text[]) RETURNS bigint
LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT total FROM purchase_days WHERE user_id = p_user_id AND day = p_day), 0)
    - coalesce((
        SELECT sum(total) FROM transactions
        WHERE user_id = p_user_id AND status IN ('failed', 'refunded', 'reversed') AND kind = ANY (p_kinds)
          AND NOT paid_by_house
          AND created_at >= lagos_day_start(p_day) AND created_at < lagos_day_start(p_day + 1)
      ), 0)
$$;
