CREATE TABLE "identity_confirmations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"check_id" uuid NOT NULL,
	"way" text NOT NULL,
	"reason" text,
	"phone" text,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"sends" integer DEFAULT 0 NOT NULL,
	"sends_since" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	CONSTRAINT "identity_confirmations_status_check" CHECK ("identity_confirmations"."status" in ('pending', 'approved', 'rejected', 'ended')),
	CONSTRAINT "identity_confirmations_way_check" CHECK ("identity_confirmations"."way" in ('code', 'review'))
);
--> statement-breakpoint
ALTER TABLE "identity_confirmations" ADD CONSTRAINT "identity_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_confirmations" ADD CONSTRAINT "identity_confirmations_check_id_identity_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."identity_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_confirmations" ADD CONSTRAINT "identity_confirmations_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_confirmations_one_pending_key" ON "identity_confirmations" USING btree ("user_id") WHERE "identity_confirmations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_confirmations_queue_idx" ON "identity_confirmations" USING btree ("way","status","created_at");