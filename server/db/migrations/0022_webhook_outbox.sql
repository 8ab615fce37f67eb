-- Webhooks that arrive (issue 27): an outbox of deliveries to resellers' webhook URLs. A purchase
-- made with a key that has a webhook URL gets a delivery when it settles (successful, failed,
-- reversed, refunded), written by the trigger below in the same transaction as the settlement,
-- whichever code settled it (the purchase itself, a requery, a provider's webhook, a staff refund).
-- The delivery keeps the purchase as it was then (`snapshot`); the worker makes the body from it.
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"api_key_id" uuid NOT NULL,
	"transaction_id" uuid,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"dialect" text NOT NULL,
	"snapshot" jsonb,
	"body" text,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"gave_up_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_body_check" CHECK ("webhook_deliveries"."body" is not null or "webhook_deliveries"."snapshot" is not null)
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."delivered_at" is null and "webhook_deliveries"."gave_up_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_key_idx" ON "webhook_deliveries" USING btree ("api_key_id","created_at");

-- enqueue_key_webhook and its trigger lived here until issue 36; its one live text is server/db/functions/key_webhooks.sql,
-- applied after the migrations by server/db/sqlFunctions.ts whenever it changes.
