-- A purchase placed as a row of a bulk batch says so (written with its hold), so the settlement's SMS
-- trigger (db/functions/purchase_sms.sql) does not text each row's outcome; the rows already placed
-- are marked from their batch's rows.
ALTER TABLE "transactions" ADD COLUMN "bulk_batch_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_bulk_batch_id_bulk_batches_id_fk" FOREIGN KEY ("bulk_batch_id") REFERENCES "public"."bulk_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "transactions" SET "bulk_batch_id" = "bulk_rows"."batch_id" FROM "bulk_rows" WHERE "bulk_rows"."transaction_id" = "transactions"."id";
