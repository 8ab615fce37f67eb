-- The webhook outbox's producer. A purchase made with an API key that has a webhook URL gets a
-- delivery when it settles (successful, failed, reversed, refunded), written here in the same
-- transaction as the settlement, whichever code settled it (the purchase itself, a requery, a
-- provider's webhook, a staff refund). The delivery keeps the purchase as it was then (`snapshot`);
-- server/services/webhooks/webhookOutbox.ts makes the body from it and sends it.
CREATE OR REPLACE FUNCTION enqueue_key_webhook() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  hook text;
BEGIN
  SELECT webhook_url INTO hook FROM api_keys WHERE id = NEW.api_key_id;
  IF hook IS NOT NULL THEN
    INSERT INTO webhook_deliveries (api_key_id, transaction_id, event, url, dialect, snapshot, created_at, next_attempt_at)
    VALUES (NEW.api_key_id, NEW.id, 'purchase.settled', hook, NEW.api_dialect, to_jsonb(NEW), NEW.updated_at, NEW.updated_at);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER transactions_key_webhook
AFTER UPDATE OF status ON transactions
FOR EACH ROW
WHEN (NEW.api_key_id IS NOT NULL AND NEW.status <> 'pending' AND OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION enqueue_key_webhook();
