CREATE TABLE "identity_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"id_type" text NOT NULL,
	"last4" text NOT NULL,
	"fingerprint" text NOT NULL,
	"outcome" text NOT NULL,
	"record_name" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "identity_checks_outcome_check" CHECK ("identity_checks"."outcome" in ('matched', 'taken', 'name_mismatch', 'dob_mismatch', 'phone_mismatch', 'not_found', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "identity_contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claimant_id" uuid NOT NULL,
	"holder_id" uuid NOT NULL,
	"id_type" text NOT NULL,
	"last4" text NOT NULL,
	"fingerprint" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	CONSTRAINT "identity_contests_status_check" CHECK ("identity_contests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "profile_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"first_name_before" text NOT NULL,
	"last_name_before" text NOT NULL,
	"date_of_birth_before" date,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid,
	"resolution" text,
	CONSTRAINT "profile_change_requests_status_check" CHECK ("profile_change_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "identity_check_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_checks" ADD CONSTRAINT "identity_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_contests" ADD CONSTRAINT "identity_contests_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_contests" ADD CONSTRAINT "identity_contests_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_contests" ADD CONSTRAINT "identity_contests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_change_requests" ADD CONSTRAINT "profile_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_change_requests" ADD CONSTRAINT "profile_change_requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_checks_user_idx" ON "identity_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_checks_fingerprint_idx" ON "identity_checks" USING btree ("fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_contests_one_pending_key" ON "identity_contests" USING btree ("claimant_id") WHERE "identity_contests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_contests_created_idx" ON "identity_contests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_change_requests_one_pending_key" ON "profile_change_requests" USING btree ("user_id") WHERE "profile_change_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "profile_change_requests_created_idx" ON "profile_change_requests" USING btree ("created_at");