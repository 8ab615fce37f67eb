-- Issue 26: the wallet's pending total summed a customer's purchases through (user_id, created_at),
-- reading every purchase they ever made to find the few still pending; a reseller polling a busy
-- account's balance paid for its whole history each time.
CREATE INDEX "transactions_user_pending_idx" ON "transactions" USING btree ("user_id") WHERE "transactions"."status" = 'pending';
