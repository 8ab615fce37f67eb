CREATE TABLE "bulk_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"api_key_id" uuid,
	"kind" text NOT NULL,
	"request_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"row_count" integer NOT NULL,
	"total" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_batches_kind_check" CHECK ("bulk_batches"."kind" in ('airtime', 'data'))
);
--> statement-breakpoint
CREATE TABLE "bulk_rows" (
	"batch_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"order" jsonb NOT NULL,
	"recipient" text NOT NULL,
	"description" text NOT NULL,
	"price" bigint NOT NULL,
	"request_id" uuid NOT NULL,
	"transaction_id" uuid,
	"refusal" text,
	"claimed_by" integer,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone,
	CONSTRAINT "bulk_rows_batch_id_row_pk" PRIMARY KEY("batch_id","row")
);
--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_batches" ADD CONSTRAINT "bulk_batches_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_batch_id_bulk_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."bulk_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_rows" ADD CONSTRAINT "bulk_rows_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_batches_request_key" ON "bulk_batches" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "bulk_batches_user_idx" ON "bulk_batches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_rows_queued_idx" ON "bulk_rows" USING btree ("lease_until") WHERE "bulk_rows"."placed_at" is null;--> statement-breakpoint
CREATE INDEX "bulk_rows_transaction_idx" ON "bulk_rows" USING btree ("transaction_id");