-- A purchase's SMS, queued in the transaction that settles it, whichever code settled it (the purchase
-- itself, a requery, a provider's webhook): a delivered prepaid electricity token goes to the phone
-- given with the purchase (else the buyer's), and the outcome goes to the buyer when their setting
-- (sms_preferences, default electricity only) covers the kind. The text is written at sending time
-- from the purchase (services/sms/purchaseSmsTexts.ts), so the token is not copied here. Nothing is
-- queued while this deployment's SMS is off (sms_switch) or for a purchase made with an API key. A row
-- of a bulk batch (bulk_batch_id) sends its token but not its outcome: up to 500 texts to one phone
-- would say what the batch's page says; a scheduled run is an ordinary purchase and is told. A redelivery
-- (paid_by_house) sends its token but not its outcome: its money is the business's, so a failed one's
-- "back in your wallet" would be untrue (the dispute tells the customer instead).

-- A Nigerian mobile number as the gateway wants it (234…), or null.
CREATE OR REPLACE FUNCTION sms_number(phone text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN regexp_replace(phone, '[\s-]', '', 'g') ~ '^(\+?234|0)[789][01][0-9]{8}$'
    THEN '234' || right(regexp_replace(phone, '[\s-]', '', 'g'), 10) END
$$;

CREATE OR REPLACE FUNCTION enqueue_purchase_sms() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  buyer_phone text;
  wanted text;
  token_sent boolean := false;
  token_to text;
BEGIN
  IF NOT coalesce((SELECT "on" FROM sms_switch WHERE id = 1), false) THEN
    RETURN NULL;
  END IF;
  SELECT sms_number(phone) INTO buyer_phone FROM users WHERE id = NEW.user_id;
  IF NEW.kind = 'electricity' AND NEW.status = 'successful' AND NEW.token IS NOT NULL THEN
    token_to := coalesce(sms_number(NEW."order"->>'phone'), buyer_phone);
    IF token_to IS NOT NULL THEN
      INSERT INTO sms_messages (user_id, transaction_id, purpose, recipient, sealed, created_at, next_attempt_at)
      VALUES (NEW.user_id, NEW.id, 'token', token_to, false, NEW.updated_at, NEW.updated_at);
      token_sent := true;
    END IF;
  END IF;
  SELECT outcomes INTO wanted FROM sms_preferences WHERE user_id = NEW.user_id;
  wanted := coalesce(wanted, 'electricity');
  -- The token's message says the outcome too: the buyer is not told twice on the same phone.
  IF buyer_phone IS NOT NULL AND NEW.bulk_batch_id IS NULL AND NOT NEW.paid_by_house
     AND (wanted = 'all' OR (wanted = 'electricity' AND NEW.kind = 'electricity'))
     AND NOT (token_sent AND token_to = buyer_phone) THEN
    INSERT INTO sms_messages (user_id, transaction_id, purpose, recipient, sealed, created_at, next_attempt_at)
    VALUES (NEW.user_id, NEW.id, 'outcome', buyer_phone, false, NEW.updated_at, NEW.updated_at);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER transactions_purchase_sms
AFTER UPDATE OF status ON transactions
FOR EACH ROW
WHEN (NEW.api_key_id IS NULL AND NEW.status IN ('successful', 'failed', 'reversed')
      AND OLD.status IS DISTINCT FROM NEW.status AND NEW.kind IN ('airtime', 'data', 'tv', 'electricity', 'exam_pin', 'recharge_pin'))
EXECUTE FUNCTION enqueue_purchase_sms();
