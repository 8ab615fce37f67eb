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
DROP FUNCTION IF EXISTS purchase_hold(uuid, uuid, uuid, text, text, bigint, timestamptz, text[], bigint, jsonb);
-- The new purchase_hold lived here until issue 36; its one live text is server/db/functions/purchase_hold.sql,
-- applied after the migrations by server/db/sqlFunctions.ts whenever it changes.
